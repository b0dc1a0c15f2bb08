# A choice shows what tells the candidates apart (issue 31 item 3): when the lines of an ambiguous
# --old's (or anchor's) candidates read alike, each such candidate line ends with
# "  ← in <its definition>, after "<the nearest line above it that differs from the line as far
# above each alike candidate in the same definition>"" — still one line each, the spec's
# "path:line<TAB>text" first, then the ready --line-hint commands as before.
# spec-silent: the "← …" part; a definition alone among the alike candidates needs no "after",
# a one-line definition on the candidate's own line (an assignment) is not named, and the quoted
# line is cut after a space near 24 bytes with "…".

### seven alike lines: each names its function and the line above that tells it apart
@env LETS_NO_STATS=1
% mkdir client && printf 'package client\n\ntype Client struct{}\n\nfunc (c *Client) Pull(ctx context.Context, ref string) (*Image, error) {\n\tif err := c.fetch(ctx, ref); err != nil {\n\t\treturn nil, err\n\t}\n\timg, err := c.unpack(ctx, ref)\n\tif err != nil {\n\t\treturn nil, err\n\t}\n\tif err := img.Verify(); err != nil {\n\t\treturn nil, err\n\t}\n\treturn img, nil\n}\n\nfunc (c *Client) Push(ctx context.Context, ref string) (*Image, error) {\n\tif err := c.fetch(ctx, ref); err != nil {\n\t\treturn nil, err\n\t}\n\tif err := c.send(ctx, ref); err != nil {\n\t\treturn nil, err\n\t}\n\treturn nil, nil\n}\n\nfunc load() (*Image, error) {\n\tif err := check(); err != nil {\n\t\treturn nil, err\n\t}\n\tif err := check(); err != nil {\n\t\treturn nil, err\n\t}\n\treturn nil, nil\n}\n' > client/pull.go
$ lets edit client/pull.go --old 'return nil, err' --new 'return nil, wrap(err)'
? 2
--- stderr
client/pull.go is ambiguous (7 candidates)
  client/pull.go:7			return nil, err  ← in Client.Pull, after "if err := c.fetch(ctx, …"
  client/pull.go:11			return nil, err  ← in Client.Pull, after "if err != nil {"
  client/pull.go:14			return nil, err  ← in Client.Pull, after "if err := img.Verify(); …"
  client/pull.go:21			return nil, err  ← in Client.Push, after "if err := c.fetch(ctx, …"
  client/pull.go:24			return nil, err  ← in Client.Push, after "if err := c.send(ctx, …"
  client/pull.go:31			return nil, err  ← in load, after "func load() (*Image, …"
  client/pull.go:34			return nil, err  ← in load
  pick one: lets edit client/pull.go --line-hint <LINE> --old 'return nil, err' --new 'return nil, wrap(err)'
ERROR_CODE=ambiguous

### the --line-hint a candidate line names picks that one
@env LETS_NO_STATS=1
% mkdir client && printf 'package client\n\ntype Client struct{}\n\nfunc (c *Client) Pull(ctx context.Context, ref string) (*Image, error) {\n\tif err := c.fetch(ctx, ref); err != nil {\n\t\treturn nil, err\n\t}\n\timg, err := c.unpack(ctx, ref)\n\tif err != nil {\n\t\treturn nil, err\n\t}\n\treturn img, nil\n}\n' > client/pull.go
$ lets edit client/pull.go --old 'return nil, err' --new 'return nil, wrap(err)' --line-hint 11 -q
── check: structure ok · sha:[..]→[..]
--- file client/pull.go
package client

type Client struct{}

func (c *Client) Pull(ctx context.Context, ref string) (*Image, error) {
	if err := c.fetch(ctx, ref); err != nil {
		return nil, err
	}
	img, err := c.unpack(ctx, ref)
	if err != nil {
		return nil, wrap(err)
	}
	return img, nil
}

### control: candidates whose lines differ are listed as before
@fixture edit-basic
$ lets edit usage.ts --old 'return' --new 'return undefined'
? 2
--- stderr
usage.ts is ambiguous (3 candidates)
  usage.ts:6	  if (!id) return
  usage.ts:7	  if (count(id) > cap) return
  usage.ts:8	  return total(id, now)
  pick line 6: lets edit usage.ts --line-hint 6 --old 'return' --new 'return undefined'
  pick line 7: lets edit usage.ts --line-hint 7 --old 'return' --new 'return undefined'
  pick line 8: lets edit usage.ts --line-hint 8 --old 'return' --new 'return undefined'
ERROR_CODE=ambiguous

### a file without a grammar: the line above alone tells them apart
@env LETS_NO_STATS=1
% printf 'a:\n  run\nb:\n  run\n' > t.txt
$ lets edit t.txt --old 'run' --new 'go'
? 2
--- stderr
t.txt is ambiguous (2 candidates)
  t.txt:2	  run  ← after "a:"
  t.txt:4	  run  ← after "b:"
  pick line 2: lets edit t.txt --line-hint 2 --old 'run' --new 'go'
  pick line 4: lets edit t.txt --line-hint 4 --old 'run' --new 'go'
ERROR_CODE=ambiguous
