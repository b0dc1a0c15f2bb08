# Refuse less where the answer is clear (issue 26, item 11): a multi-document YAML file (a
# Kubernetes manifest) is addressed one document at a time, [N] (0-based) or [field=value] at the
# root; a path without it is ambiguous with the ready [N] commands. --set a.b where a is null makes
# a a map holding b.

### [N] at the root sets a key in one document of a multi-document file
@env LETS_NO_STATS=1
% printf -- 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 1\n---\napiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  replicas: 1\n' > k.yaml
$ lets transform k.yaml --set '[1].spec.replicas=3'
── k.yaml · yaml · set [1].spec.replicas · line 13
11 	  name: web
12 	spec:
13~	  replicas: 3
── check: yaml ok · sha:[..]→[..]
--- file k.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 1
---
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  replicas: 3

### a path without [N] is ambiguous: each document by kind and name, and the ready commands
@env LETS_NO_STATS=1
% printf -- '---\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 1\n---\napiVersion: v1\nkind: Service\nmetadata:\n  name: web\n---\nplain: true\nother: 1\n' > k.yaml
$ lets transform k.yaml --set spec.replicas=3
? 2
--- stderr
spec.replicas is ambiguous (3 candidates)
  k.yaml:2	[0] kind: Deployment · name: web
  k.yaml:9	[1] kind: Service · name: web
  k.yaml:14	[2] keys: plain, other
  k.yaml holds 3 YAML documents: a path names one as [N], 0 the first
  pick [0]: lets transform k.yaml --set '[0].spec.replicas=3'
  pick [1]: lets transform k.yaml --set '[1].spec.replicas=3'
  pick [2]: lets transform k.yaml --set '[2].spec.replicas=3'
ERROR_CODE=ambiguous
--- file k.yaml
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 1
---
apiVersion: v1
kind: Service
metadata:
  name: web
---
plain: true
other: 1

### a selector picks the document by a field, and says which [N] it was
@env LETS_NO_STATS=1
% printf -- 'kind: Deployment\nspec:\n  replicas: 1\n---\nkind: Service\nspec:\n  port: 80\n' > k.yaml
$ lets transform k.yaml --set '[kind=Service].spec.port=81' --delete '[0].spec.replicas' -q; cat k.yaml
── check: yaml ok · sha:[..]→[..] · [kind=Service].spec.port → [1].spec.port
kind: Deployment
spec: {}
---
kind: Service
spec:
  port: 81

### a whole document is not set or deleted in place
@env LETS_NO_STATS=1
% printf -- 'a: 1\n---\nb: 2\n' > k.yaml
$ lets transform k.yaml --delete '[1]'
? 7
--- stderr
k.yaml is unsupported: [1] cannot be changed in place (a whole YAML document)
ERROR_CODE=unsupported_file

### control: one document (a leading --- included) is addressed without [N]
@env LETS_NO_STATS=1
% printf -- '---\nspec:\n  replicas: 1\n' > one.yaml
$ lets transform one.yaml --set spec.replicas=2 -q; cat one.yaml
── check: yaml ok · sha:[..]→[..]
---
spec:
  replicas: 2

### the same [N] at the root of a single document that is a list is its element
@env LETS_NO_STATS=1
% printf -- '- name: a\n- name: b\n' > l.yaml
$ lets transform l.yaml --set '[1].name=c' -q; cat l.yaml
── check: yaml ok · sha:[..]→[..]
- name: a
- name: c

### --set a.b where a is empty, null or ~ makes a a map holding b
@env LETS_NO_STATS=1
% printf 'a:\nb: null\nc: ~\nd: 1\n' > n.yaml
$ lets transform n.yaml --set a.x=1 --set b.y.z=2 --set c.w=true -q; cat n.yaml
── check: yaml ok · sha:[..]→[..]
a:
  x: 1
b:
  y:
    z: 2
c:
  w: true
d: 1

### JSON: a null becomes an object holding the key
@env LETS_NO_STATS=1
% printf '{"a": null, "b": 1}\n' > n.json
$ lets transform n.json --set a.x=1 -q; cat n.json
── check: json ok · sha:[..]→[..]
{"a": {"x": 1}, "b": 1}

### control: a key under a number is still not found, and delete through a null is not found
@env LETS_NO_STATS=1
% printf 'a:\nb: 1\n' > n.yaml
$ lets transform n.yaml --set b.x=1; lets transform n.yaml --delete a.x
? 1
--- stderr
path not found in b.x
ERROR_CODE=not_found
path not found in a.x
ERROR_CODE=not_found
