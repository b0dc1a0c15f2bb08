# #name in TypeScript, TSX and JavaScript (shapes.ts, Button.tsx, server.js): classes with
# decorators, overloads, interface members, namespaces, exported consts, class fields.
# Spans (decided for lets, stated in src/symbols/ts_rules.c): the whole definition node plus the
# wrappers and decorators/attributes written before it; a leading comment, doc comments included,
# is never part of the span. Expected line ranges were read off the fixture files by hand; sha and
# token counts are not what these cases test.

### a decorated exported class: the decorator is in the span, the JSDoc above is not
@fixture symbols
$ lets show shapes.ts#Circle
── shapes.ts#Circle  (14-36 of 57 · via tree-sitter) · sha:[..]
14 	@Injectable()
15 	export class Circle implements Shape {
16 	  constructor(private r: number) {}
17 	
18 	  area(): number {
19 	    return Math.PI * this.r ** 2
20 	  }
21 	
22 	  scale(by: number): Shape
23 	  scale(by: string): Shape
24 	  scale(by: number | string): Shape {
25 	    return new Circle(this.r * Number(by))
26 	  }
27 	
28 	  @Get('/json')
29 	  toJSON() {
30 	    return { r: this.r }
31 	  }
32 	
33 	  static Inner = class {
34 	    area() { return 0 }
35 	  }
36 	}
── showed 1 target · 23 lines · ~[..] tokens

### overload signatures right before the implementation are part of its span
@fixture symbols
$ lets show shapes.ts#Circle.scale
── shapes.ts#Circle.scale  (22-26 of 57 · via tree-sitter) · sha:[..]
22 	  scale(by: number): Shape
23 	  scale(by: string): Shape
24 	  scale(by: number | string): Shape {
25 	    return new Circle(this.r * Number(by))
26 	  }
── showed 1 target · 5 lines · ~[..] tokens

### a top-level function with overloads
@fixture symbols
$ lets show shapes.ts#parse
── shapes.ts#parse  (38-42 of 57 · via tree-sitter) · sha:[..]
38 	export function parse(s: string): Shape
39 	export function parse(s: Buffer): Shape
40 	export function parse(s: string | Buffer): Shape {
41 	  return new Circle(Number(s))
42 	}
── showed 1 target · 5 lines · ~[..] tokens

### a method name used in two classes; the interface signature does not count beside bodies
@fixture symbols
$ lets show shapes.ts#area
? 2
--- stderr
shapes.ts#area is ambiguous (2 candidates)
  shapes.ts:18	  area(): number {
  shapes.ts:34	    area() { return 0 }
  pick line 18: shapes.ts:18-20
  pick line 34: shapes.ts:34
ERROR_CODE=ambiguous

### a bodiless interface member is found when nothing else has the name
@fixture symbols
$ lets show shapes.ts#Shape.area
── shapes.ts#Shape.area  (7-7 of 57 · via tree-sitter) · sha:[..]
7 	  area(): number
── showed 1 target · 1 line · ~[..] tokens

### a decorated method
@fixture symbols
$ lets show shapes.ts#toJSON
── shapes.ts#toJSON  (28-31 of 57 · via tree-sitter) · sha:[..]
28 	  @Get('/json')
29 	  toJSON() {
30 	    return { r: this.r }
31 	  }
── showed 1 target · 4 lines · ~[..] tokens

### an exported const
@fixture symbols
$ lets show shapes.ts#DEFAULT_UNIT
── shapes.ts#DEFAULT_UNIT  (44-44 of 57 · via tree-sitter) · sha:[..]
44 	export const DEFAULT_UNIT: Unit = 'cm'
── showed 1 target · 1 line · ~[..] tokens

### a const holding an arrow function
@fixture symbols
$ lets show shapes.ts#describe
── shapes.ts#describe  (46-46 of 57 · via tree-sitter) · sha:[..]
46 	const describe = (s: Shape) => `shape of area ${s.area()}`
── showed 1 target · 1 line · ~[..] tokens

### a function in a namespace
@fixture symbols
$ lets show shapes.ts#Registry.register
── shapes.ts#Registry.register  (54-56 of 57 · via tree-sitter) · sha:[..]
54 	  export function register(k: Kind) {
55 	    return k
56 	  }
── showed 1 target · 3 lines · ~[..] tokens

### a type alias
@fixture symbols
$ lets show shapes.ts#Unit
── shapes.ts#Unit  (4-4 of 57 · via tree-sitter) · sha:[..]
4 	export type Unit = 'cm' | 'in'
── showed 1 target · 1 line · ~[..] tokens

### a local variable is not a definition
@fixture symbols
$ lets show shapes.ts#by
? 1
--- stderr
#by (try @'by') not found in shapes.ts#by
ERROR_CODE=not_found

### TSX: an exported function component
@fixture symbols
$ lets show Button.tsx#Button
── Button.tsx#Button  (5-7 of 15 · via tree-sitter) · sha:[..]
5 	export function Button({ label, onClick }: Props) {
6 	  return <button onClick={onClick}>{label}</button>
7 	}
── showed 1 target · 3 lines · ~[..] tokens

### TSX: an export default function
@fixture symbols
$ lets show Button.tsx#App
── Button.tsx#App  (9-15 of 15 · via tree-sitter) · sha:[..]
 9 	export default function App() {
10 	  return (
11 	    <div>
12 	      <Button label="ok" onClick={() => {}} />
13 	    </div>
14 	  )
15 	}
── showed 1 target · 7 lines · ~[..] tokens

### JS: a class
@fixture symbols
$ lets show server.js#Router
── server.js#Router  (7-21 of 40 · via tree-sitter) · sha:[..]
 7 	class Router {
 8 	  constructor() {
 9 	    this.routes = new Map()
10 	  }
11 	
12 	  add(path, handler) {
13 	    this.routes.set(path, handler)
14 	    return this
15 	  }
16 	
17 	  handle = (req, res) => {
18 	    const h = this.routes.get(req.url)
19 	    return h ? h(req, res) : res.end()
20 	  }
21 	}
── showed 1 target · 15 lines · ~[..] tokens

### JS: a method as Class.method
@fixture symbols
$ lets show server.js#Router.add
── server.js#Router.add  (12-15 of 40 · via tree-sitter) · sha:[..]
12 	  add(path, handler) {
13 	    this.routes.set(path, handler)
14 	    return this
15 	  }
── showed 1 target · 4 lines · ~[..] tokens

### JS: a class field holding an arrow function
@fixture symbols
$ lets show server.js#handle
── server.js#handle  (17-20 of 40 · via tree-sitter) · sha:[..]
17 	  handle = (req, res) => {
18 	    const h = this.routes.get(req.url)
19 	    return h ? h(req, res) : res.end()
20 	  }
── showed 1 target · 4 lines · ~[..] tokens

### JS: a generator function
@fixture symbols
$ lets show server.js#ids
── server.js#ids  (23-26 of 40 · via tree-sitter) · sha:[..]
23 	function* ids() {
24 	  let i = 0
25 	  while (true) yield i++
26 	}
── showed 1 target · 4 lines · ~[..] tokens

### JS: a const holding a function expression
@fixture symbols
$ lets show server.js#listen
── server.js#listen  (28-30 of 40 · via tree-sitter) · sha:[..]
28 	const listen = function (port) {
29 	  return http.createServer(new Router().handle).listen(port)
30 	}
── showed 1 target · 3 lines · ~[..] tokens

### the spec's usage example: an exported function
@fixture symbols
$ lets show src/usage.ts#usage
── src/usage.ts#usage  (3-9 of 13 · via tree-sitter) · sha:[..]
3 	export function usage(id: string) {
4 	  const now = Date.now()
5 	  const cap = 10
6 	  if (!id) return
7 	  if (count(id) > cap) return
8 	  return total(id, now)
9 	}
── showed 1 target · 7 lines · ~[..] tokens

### JS: a function stored on exports
@fixture symbols
$ lets show server.js#close
── server.js#close  (34-36 of 40 · via tree-sitter) · sha:[..]
34 	exports.close = function (server) {
35 	  server.close()
36 	}
── showed 1 target · 3 lines · ~[..] tokens

### JS: a function on a prototype is Class.method
@fixture symbols
$ lets show server.js#Router.remove
── server.js#Router.remove  (38-40 of 40 · via tree-sitter) · sha:[..]
38 	Router.prototype.remove = function (path) {
39 	  this.routes.delete(path)
40 	}
── showed 1 target · 3 lines · ~[..] tokens

### JS: exports itself is not a definition
@fixture symbols
$ lets show server.js#exports
? 1
--- stderr
#exports (try @'exports') not found in server.js#exports
ERROR_CODE=not_found
