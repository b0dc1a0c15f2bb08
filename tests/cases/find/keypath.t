# Issue 26 item 5: find -p and find --def head a JSON, YAML or TOML key with the key-path grammar:
# a key holding a dot, a quote, '#', a bracket, '=' or a space is printed in double quotes, so the
# header is a target show and transform read back.

### find -p: the containerd table's key under its quoted path
@env LETS_NO_STATS=1
% printf '[plugins."io.containerd.grpc.v1.cri".containerd]\nsnapshotter = "overlayfs"\n' > f.toml
$ lets find -p snapshotter f.toml
── f.toml#plugins."io.containerd.grpc.v1.cri".containerd.snapshotter
2:	«snapshotter» = "overlayfs"
── 1 hit in 1 file · searched 1 file

### find --def: the same header
@env LETS_NO_STATS=1
% printf '[plugins."io.containerd.grpc.v1.cri".containerd]\nsnapshotter = "overlayfs"\n' > f.toml
$ lets find --def containerd.snapshotter f.toml
── f.toml#plugins."io.containerd.grpc.v1.cri".containerd.snapshotter  (key · line 2)
2:	«snapshotter» = "overlayfs"
── 1 definition in 1 file · searched 1 file

### find --def: a quoted name finds the key holding a dot
@env LETS_NO_STATS=1
% printf 'dependencies:\n  my.dep: 1\n' > f.yaml
$ lets find --def '"my.dep"' f.yaml
── f.yaml#dependencies."my.dep"  (key · line 2)
2:	  «my.dep»: 1
── 1 definition in 1 file · searched 1 file

### find -p: YAML keys with a dot and a space are quoted in the header
@env LETS_NO_STATS=1
% printf 'dependencies:\n  my.dep: 1\n  "my key": 2\n' > f.yaml
$ lets find -p -w 'my' f.yaml
── f.yaml#dependencies."my.dep"
2:	  «my».dep: 1
── f.yaml#dependencies."my key"
3:	  "«my» key": 2
── 2 hits in 1 file · searched 1 file

### find -p: a JSON key written with escapes, named as it reads
@env LETS_NO_STATS=1
% printf '{\n  "say \\"hi\\"": 0\n}\n' > c.json
$ lets find -p hi c.json
── c.json#"say \"hi\""
2:	  "say \"«hi»\"": 0
── 1 hit in 1 file · searched 1 file

### control: a plain dotted path prints as it always did
@env LETS_NO_STATS=1
% printf 'server:\n  port: 1\n' > f.yaml
$ lets find -p port f.yaml
── f.yaml#server.port
2:	  «port»: 1
── 1 hit in 1 file · searched 1 file

### find -p: where a.b reads two ways, each header is the spelling that picks one
@env LETS_NO_STATS=1
% printf '{\n  "a.b": 0,\n  "a": { "b": 1 }\n}\n' > c.json
$ lets find -p '[01]' c.json
── c.json#"a.b"
2:	  "a.b": «0»,
── c.json#"a"."b"
3:	  "a": { "b": «1» }
── 2 hits in 1 file · searched 1 file

### find --def a.b: both readings listed, each under the target that picks it
@env LETS_NO_STATS=1
% printf '{\n  "a.b": 0,\n  "a": { "b": 1 }\n}\n' > c.json
$ lets find --def a.b c.json
── c.json#"a.b"  (key · line 2)
2:	  "a.«b»": 0,
── c.json#"a"."b"  (key · line 3)
3:	  "a": { "«b»": 1 }
── 2 definitions in 1 file · searched 1 file
