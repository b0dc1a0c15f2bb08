# #name in PHP, Ruby, Swift and Shell (Cart.php, worker.rb, Timer.swift, deploy.sh).
# Spans (decided for lets, stated in src/symbols/ts_rules.c): the whole definition node plus the
# wrappers and decorators/attributes written before it; a leading comment, doc comments included,
# is never part of the span. Expected line ranges were read off the fixture files by hand; sha and
# token counts are not what these cases test.

### PHP: an interface method and its implementation
@fixture symbols
$ lets show Cart.php#price
? 2
--- stderr
Cart.php#price is ambiguous (2 candidates)
  Cart.php:7	    public function price(): int;
  Cart.php:21	    public function price(): int
  pick line 7: Cart.php#Priced.price
  pick line 21: Cart.php#Cart.price
ERROR_CODE=ambiguous

### PHP: Class.method
@fixture symbols
$ lets show Cart.php#Cart.price
── Cart.php#Cart.price  (21-24 of 30 · via tree-sitter) · sha:[..]
21 	    public function price(): int
22 	    {
23 	        return array_sum($this->items);
24 	    }
── showed 1 target · 4 lines · ~[..] tokens

### PHP: a class with an attribute
@fixture symbols
$ lets show Cart.php#Cart
── Cart.php#Cart  (10-25 of 30 · via tree-sitter) · sha:[..]
10 	#[Entity]
11 	final class Cart implements Priced
12 	{
13 	    private array $items = [];
14 	
15 	    public function add(string $sku, int $cents): self
16 	    {
17 	        $this->items[$sku] = $cents;
18 	        return $this;
19 	    }
20 	
21 	    public function price(): int
22 	    {
23 	        return array_sum($this->items);
24 	    }
25 	}
── showed 1 target · 16 lines · ~[..] tokens

### PHP: a function
@fixture symbols
$ lets show Cart.php#total
── Cart.php#total  (27-30 of 30 · via tree-sitter) · sha:[..]
27 	function total(Cart ...$carts): int
28 	{
29 	    return array_sum(array_map(fn ($c) => $c->price(), $carts));
30 	}
── showed 1 target · 4 lines · ~[..] tokens

### Ruby: the same method in two classes
@fixture symbols
$ lets show worker.rb#perform
? 2
--- stderr
worker.rb#perform is ambiguous (2 candidates)
  worker.rb:13	    def perform(job)
  worker.rb:30	  def perform(mail)
  pick line 13: worker.rb#Worker.perform
  pick line 30: worker.rb#Mailer.perform
ERROR_CODE=ambiguous

### Ruby: Class.method
@fixture symbols
$ lets show worker.rb#Worker.perform
── worker.rb#Worker.perform  (13-17 of 33 · via tree-sitter) · sha:[..]
13 	    def perform(job)
14 	      job.call
15 	    rescue StandardError
16 	      retry_later(job)
17 	    end
── showed 1 target · 5 lines · ~[..] tokens

### Ruby: class Jobs::Mailer is Jobs.Mailer
@fixture symbols
$ lets show worker.rb#Jobs.Mailer
── worker.rb#Jobs.Mailer  (29-33 of 33 · via tree-sitter) · sha:[..]
29 	class Jobs::Mailer < Jobs::Worker
30 	  def perform(mail)
31 	    mail.deliver
32 	  end
33 	end
── showed 1 target · 5 lines · ~[..] tokens

### Ruby: def self.build
@fixture symbols
$ lets show worker.rb#build
── worker.rb#build  (19-21 of 33 · via tree-sitter) · sha:[..]
19 	    def self.build(name)
20 	      new(name)
21 	    end
── showed 1 target · 3 lines · ~[..] tokens

### Ruby: an endless method
@fixture symbols
$ lets show worker.rb#retry_later
── worker.rb#retry_later  (25-25 of 33 · via tree-sitter) · sha:[..]
25 	    def retry_later(job) = queue.push(job)
── showed 1 target · 1 line · ~[..] tokens

### Ruby: a constant
@fixture symbols
$ lets show worker.rb#RETRIES
── worker.rb#RETRIES  (3-3 of 33 · via tree-sitter) · sha:[..]
3 	  RETRIES = 3
── showed 1 target · 1 line · ~[..] tokens

### Swift: a class with an attribute; the extension is not a second candidate
@fixture symbols
$ lets show Timer.swift#Timer
── Timer.swift#Timer  (4-21 of 33 · via tree-sitter) · sha:[..]
 4 	@MainActor
 5 	final class Timer {
 6 	    var remaining: Int
 7 	
 8 	    init(seconds: Int) {
 9 	        remaining = seconds
10 	    }
11 	
12 	    func tick() -> Bool {
13 	        remaining -= 1
14 	        return remaining > 0
15 	    }
16 	
17 	    struct Snapshot {
18 	        let at: Date
19 	        func age() -> TimeInterval { Date().timeIntervalSince(at) }
20 	    }
21 	}
── showed 1 target · 18 lines · ~[..] tokens

### Swift: a method from an extension is Type.method
@fixture symbols
$ lets show Timer.swift#Timer.reset
── Timer.swift#Timer.reset  (24-26 of 33 · via tree-sitter) · sha:[..]
24 	    func reset(to seconds: Int) {
25 	        remaining = seconds
26 	    }
── showed 1 target · 3 lines · ~[..] tokens

### Swift: a method of a nested struct
@fixture symbols
$ lets show Timer.swift#Snapshot.age
── Timer.swift#Snapshot.age  (19-19 of 33 · via tree-sitter) · sha:[..]
19 	        func age() -> TimeInterval { Date().timeIntervalSince(at) }
── showed 1 target · 1 line · ~[..] tokens

### Swift: a protocol requirement
@fixture symbols
$ lets show Timer.swift#Clock.now
── Timer.swift#Clock.now  (30-30 of 33 · via tree-sitter) · sha:[..]
30 	    func now() -> Date
── showed 1 target · 1 line · ~[..] tokens

### Shell: function name { } form
@fixture symbols
# control: line 12 inside the heredoc looks like a definition of build and is not one
$ lets show deploy.sh#build
── deploy.sh#build  (9-15 of 22 · via tree-sitter) · sha:[..]
 9 	function build {
10 		log "building"
11 		cat <<EOT
12 	build() { fake }
13 	EOT
14 		make -j4
15 	}
── showed 1 target · 7 lines · ~[..] tokens

### Shell: name() { } form
@fixture symbols
$ lets show deploy.sh#log
── deploy.sh#log  (5-7 of 22 · via tree-sitter) · sha:[..]
5 	log() {
6 		echo "deploy: $*" >&2
7 	}
── showed 1 target · 3 lines · ~[..] tokens
