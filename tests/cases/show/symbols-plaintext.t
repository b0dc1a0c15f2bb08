# The plaintext heuristic for files with no grammar (greet.kt, Panel.vue, util.lua, jobs.py.txt):
# a keyword before the name, else the name before "("; the span by brace matching, then indentation,
# then the line alone.
# Spans (decided for lets, stated in src/symbols/ts_rules.c): the whole definition node plus the
# wrappers and decorators/attributes written before it; a leading comment, doc comments included,
# is never part of the span. Expected line ranges were read off the fixture files by hand; sha and
# token counts are not what these cases test.

### the spec's Kotlin example: the definition wins over a call
@fixture symbols
$ lets show greet.kt#greet
── greet.kt#greet  (3-5 of 7 · via heuristic (plaintext)) · sha:[..]
3 	fun greet(name: String): String {
4 	    return "hi $name"
5 	}
── showed 1 target · 3 lines · ~[..] tokens

### no keyword: every name( line is a candidate
@fixture symbols
$ lets show Panel.vue#toggle
? 2
--- stderr
Panel.vue#toggle is ambiguous (2 candidates)
  Panel.vue:2	  <div @click="toggle()">{{ title }}</div>
  Panel.vue:8	    toggle() {
ERROR_CODE=ambiguous

### brace matching skips the braces of an object literal
@fixture symbols
$ lets show Panel.vue#render
── Panel.vue#render  (13-17 of 18 · via heuristic (plaintext)) · sha:[..]
13 	function render(h) {
14 	  return h('div', {
15 	    class: 'panel',
16 	  })
17 	}
── showed 1 target · 5 lines · ~[..] tokens

### the spec's .vue example of a name no line matches
@fixture symbols
$ lets show Panel.vue#nope
? 1
--- stderr
#nope (try @'nope') not found in Panel.vue#nope
ERROR_CODE=not_found

### no braces: the lines indented deeper
@fixture symbols
$ lets show util.lua#split
── util.lua#split  (7-12 of 15 · via heuristic (plaintext)) · sha:[..]
 7 	local function split(s, sep)
 8 	  local out = {}
 9 	  for part in s:gmatch("[^" .. sep .. "]+") do
10 	    out[#out + 1] = part
11 	  end
12 	  return out
── showed 1 target · 6 lines · ~[..] tokens

### a dotted name is matched as written
@fixture symbols
$ lets show util.lua#M.trim
── util.lua#M.trim  (3-4 of 15 · via heuristic (plaintext)) · sha:[..]
3 	function M.trim(s)
4 	  return (s:gsub("^%s+", ""):gsub("%s+$", ""))
── showed 1 target · 2 lines · ~[..] tokens

### indentation keeps blank lines inside the body
@fixture symbols
$ lets show jobs.py.txt#run
── jobs.py.txt#run  (1-4 of 5 · via heuristic (plaintext)) · sha:[..]
1 	def run(job):
2 	    job.start()
3 	
4 	    job.wait()
── showed 1 target · 4 lines · ~[..] tokens

### the spec's .kt example of a name no line matches
@fixture symbols
$ lets show greet.kt#nope
? 1
--- stderr
#nope (try @'nope') not found in greet.kt#nope
ERROR_CODE=not_found
