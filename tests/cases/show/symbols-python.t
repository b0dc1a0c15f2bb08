# #name in Python (tasks.py): decorated methods, nested classes and functions, module and class
# constants.
# Spans (decided for lets, stated in src/symbols/ts_rules.c): the whole definition node plus the
# wrappers and decorators/attributes written before it; a leading comment, doc comments included,
# is never part of the span. Expected line ranges were read off the fixture files by hand; sha and
# token counts are not what these cases test.

### a class
@fixture symbols
$ lets show tasks.py#Queue
── tasks.py#Queue  (17-35 of 40 · via tree-sitter) · sha:[..]
17 	class Queue:
18 	    """A FIFO queue."""
19 	
20 	    max_size = 100
21 	
22 	    def __init__(self):
23 	        self.items = []
24 	
25 	    @property
26 	    def size(self):
27 	        return len(self.items)
28 	
29 	    @retry(times=2)
30 	    def push(self, item):
31 	        self.items.append(item)
32 	
33 	    class Empty(Exception):
34 	        def message(self):
35 	            return "queue is empty"
── showed 1 target · 19 lines · ~[..] tokens

### a decorated method: the decorator starts the span
@fixture symbols
$ lets show tasks.py#Queue.size
── tasks.py#Queue.size  (25-27 of 40 · via tree-sitter) · sha:[..]
25 	    @property
26 	    def size(self):
27 	        return len(self.items)
── showed 1 target · 3 lines · ~[..] tokens

### a method with a decorator call
@fixture symbols
$ lets show tasks.py#push
── tasks.py#push  (29-31 of 40 · via tree-sitter) · sha:[..]
29 	    @retry(times=2)
30 	    def push(self, item):
31 	        self.items.append(item)
── showed 1 target · 3 lines · ~[..] tokens

### a method of a nested class
@fixture symbols
$ lets show tasks.py#Queue.Empty.message
── tasks.py#Queue.Empty.message  (34-35 of 40 · via tree-sitter) · sha:[..]
34 	        def message(self):
35 	            return "queue is empty"
── showed 1 target · 2 lines · ~[..] tokens

### nested functions by their full path
@fixture symbols
$ lets show tasks.py#retry.wrap.inner
── tasks.py#retry.wrap.inner  (10-12 of 40 · via tree-sitter) · sha:[..]
10 	        @functools.wraps(fn)
11 	        def inner(*args):
12 	            return fn(*args)
── showed 1 target · 3 lines · ~[..] tokens

### a module constant
@fixture symbols
$ lets show tasks.py#RETRIES
── tasks.py#RETRIES  (4-4 of 40 · via tree-sitter) · sha:[..]
4 	RETRIES = 3
── showed 1 target · 1 line · ~[..] tokens

### a class attribute
@fixture symbols
$ lets show tasks.py#Queue.max_size
── tasks.py#Queue.max_size  (20-20 of 40 · via tree-sitter) · sha:[..]
20 	    max_size = 100
── showed 1 target · 1 line · ~[..] tokens

### an async generator
@fixture symbols
$ lets show tasks.py#drain
── tasks.py#drain  (38-40 of 40 · via tree-sitter) · sha:[..]
38 	async def drain(q: Queue):
39 	    while q.size:
40 	        yield q.items.pop(0)
── showed 1 target · 3 lines · ~[..] tokens

### an attribute set through self is not a definition
@fixture symbols
$ lets show tasks.py#items
? 1
--- stderr
#items (try @'items') not found in tasks.py#items
ERROR_CODE=not_found
