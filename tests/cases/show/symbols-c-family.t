# #name in C, C++, C# and Java (buf.c, shapes.hpp, Account.cs, Greeter.java): prototypes,
# typedefs, macros, templates, out-of-class methods, namespaces, overloads, annotations.
# Spans (decided for lets, stated in src/symbols/ts_rules.c): the whole definition node plus the
# wrappers and decorators/attributes written before it; a leading comment, doc comments included,
# is never part of the span. Expected line ranges were read off the fixture files by hand; sha and
# token counts are not what these cases test.

### C: a prototype gives way to the definition
@fixture symbols
$ lets show buf.c#buf_grow
── buf.c#buf_grow  (26-32 of 40 · via tree-sitter) · sha:[..]
26 	static void buf_grow(struct buf *b, size_t need)
27 	{
28 		if (need <= b->cap)
29 			return;
30 		b->cap = BUF_MAX(need, b->cap * 2);
31 		b->data = realloc(b->data, b->cap);
32 	}
── showed 1 target · 7 lines · ~[..] tokens

### C: a struct
@fixture symbols
$ lets show buf.c#buf
── buf.c#buf  (7-10 of 40 · via tree-sitter) · sha:[..]
 7 	struct buf {
 8 		char *data;
 9 		size_t len, cap;
10 	};
── showed 1 target · 4 lines · ~[..] tokens

### C: a typedef of an anonymous struct
@fixture symbols
$ lets show buf.c#point
── buf.c#point  (12-14 of 40 · via tree-sitter) · sha:[..]
12 	typedef struct {
13 		int x, y;
14 	} point;
── showed 1 target · 3 lines · ~[..] tokens

### C: a function-like macro
@fixture symbols
$ lets show buf.c#BUF_MAX
── buf.c#BUF_MAX  (5-5 of 40 · via tree-sitter) · sha:[..]
5 	#define BUF_MAX(a, b) ((a) > (b) ? (a) : (b))
── showed 1 target · 1 line · ~[..] tokens

### C: a global array
@fixture symbols
$ lets show buf.c#names
── buf.c#names  (34-34 of 40 · via tree-sitter) · sha:[..]
34 	static const char *const names[] = {"a", "b"};
── showed 1 target · 1 line · ~[..] tokens

### C: a function returning a function pointer
@fixture symbols
$ lets show buf.c#lookup
── buf.c#lookup  (36-40 of 40 · via tree-sitter) · sha:[..]
36 	char *(*lookup(int i))(void)
37 	{
38 		(void)i;
39 		return NULL;
40 	}
── showed 1 target · 5 lines · ~[..] tokens

### C: the comment above a function is not in its span
@fixture symbols
$ lets show buf.c#buf_add
── buf.c#buf_add  (19-24 of 40 · via tree-sitter) · sha:[..]
19 	void buf_add(struct buf *b, const void *p, size_t n)
20 	{
21 		buf_grow(b, b->len + n);
22 		memcpy(b->data + b->len, p, n);
23 		b->len += n;
24 	}
── showed 1 target · 6 lines · ~[..] tokens

### C++: a class template, from its template line
@fixture symbols
$ lets show shapes.hpp#Shape
── shapes.hpp#Shape  (6-16 of 35 · via tree-sitter) · sha:[..]
 6 	template <typename T>
 7 	class Shape {
 8 	 public:
 9 	  virtual ~Shape() = default;
10 	  virtual T area() const = 0;
11 	  std::string name() const { return "shape"; }
12 	
13 	  struct Box {
14 	    T w, h;
15 	  };
16 	};
── showed 1 target · 11 lines · ~[..] tokens

### C++: the out-of-class definition beats the in-class declaration
@fixture symbols
$ lets show shapes.hpp#Circle.area
── shapes.hpp#Circle.area  (27-29 of 35 · via tree-sitter) · sha:[..]
27 	double Circle::area() const {
28 	  return 3.14159 * r_ * r_;
29 	}
── showed 1 target · 3 lines · ~[..] tokens

### C++: a pure virtual declaration is found when nothing else has the name
@fixture symbols
$ lets show shapes.hpp#Shape.area
── shapes.hpp#Shape.area  (10-10 of 35 · via tree-sitter) · sha:[..]
10 	  virtual T area() const = 0;
── showed 1 target · 1 line · ~[..] tokens

### C++: a class and its out-of-class constructor
@fixture symbols
$ lets show shapes.hpp#Circle
? 2
--- stderr
shapes.hpp#Circle is ambiguous (2 candidates)
  shapes.hpp:18	class Circle : public Shape<double> {
  shapes.hpp:31	Circle::Circle(double r) : r_(r) {}
  pick line 18: shapes.hpp#geo.Circle
  pick line 31: shapes.hpp#Circle.Circle
ERROR_CODE=ambiguous

### C++: namespace.Class picks the class (control for the one above)
@fixture symbols
$ lets show shapes.hpp#geo.Circle
── shapes.hpp#geo.Circle  (18-25 of 35 · via tree-sitter) · sha:[..]
18 	class Circle : public Shape<double> {
19 	 public:
20 	  explicit Circle(double r);
21 	  double area() const override;
22 	
23 	 private:
24 	  double r_;
25 	};
── showed 1 target · 8 lines · ~[..] tokens

### C++: a nested struct
@fixture symbols
$ lets show shapes.hpp#Shape.Box
── shapes.hpp#Shape.Box  (13-15 of 35 · via tree-sitter) · sha:[..]
13 	  struct Box {
14 	    T w, h;
15 	  };
── showed 1 target · 3 lines · ~[..] tokens

### C++: a using alias
@fixture symbols
$ lets show shapes.hpp#Real
── shapes.hpp#Real  (35-35 of 35 · via tree-sitter) · sha:[..]
35 	using Real = double;
── showed 1 target · 1 line · ~[..] tokens

### C++: a namespace
@fixture symbols
$ lets show shapes.hpp#geo
── shapes.hpp#geo  (4-33 of 35 · via tree-sitter) · sha:[..]
 4 	namespace geo {
 5 	
 6 	template <typename T>
 7 	class Shape {
 8 	 public:
 9 	  virtual ~Shape() = default;
10 	  virtual T area() const = 0;
11 	  std::string name() const { return "shape"; }
12 	
13 	  struct Box {
14 	    T w, h;
15 	  };
16 	};
17 	
18 	class Circle : public Shape<double> {
19 	 public:
20 	  explicit Circle(double r);
21 	  double area() const override;
22 	
23 	 private:
24 	  double r_;
25 	};
26 	
27 	double Circle::area() const {
28 	  return 3.14159 * r_ * r_;
29 	}
30 	
31 	Circle::Circle(double r) : r_(r) {}
32 	
33 	}  // namespace geo
── showed 1 target · 30 lines · ~[..] tokens

### C#: overloads are separate candidates
@fixture symbols
$ lets show Account.cs#Deposit
? 2
--- stderr
Account.cs#Deposit is ambiguous (2 candidates)
  Account.cs:16	        public void Deposit(decimal amount)
  Account.cs:21	        public void Deposit(decimal amount, string memo)
  pick line 16: Account.cs:16-19
  pick line 21: Account.cs:21-24
ERROR_CODE=ambiguous

### C#: Namespace.Class, attribute included
@fixture symbols
$ lets show Account.cs#Core.Account
── Account.cs#Core.Account  (6-30 of 33 · via tree-sitter) · sha:[..]
 6 	    [Serializable]
 7 	    public class Account
 8 	    {
 9 	        public decimal Balance { get; private set; }
10 	
11 	        public Account(decimal opening)
12 	        {
13 	            Balance = opening;
14 	        }
15 	
16 	        public void Deposit(decimal amount)
17 	        {
18 	            Balance += amount;
19 	        }
20 	
21 	        public void Deposit(decimal amount, string memo)
22 	        {
23 	            Deposit(amount);
24 	        }
25 	
26 	        public interface IAudit
27 	        {
28 	            void Record(string what);
29 	        }
30 	    }
── showed 1 target · 25 lines · ~[..] tokens

### C#: a member of a nested interface
@fixture symbols
$ lets show Account.cs#Account.IAudit.Record
── Account.cs#Account.IAudit.Record  (28-28 of 33 · via tree-sitter) · sha:[..]
28 	            void Record(string what);
── showed 1 target · 1 line · ~[..] tokens

### C#: a property
@fixture symbols
$ lets show Account.cs#Balance
── Account.cs#Balance  (9-9 of 33 · via tree-sitter) · sha:[..]
9 	        public decimal Balance { get; private set; }
── showed 1 target · 1 line · ~[..] tokens

### Java: the same method in a class and its nested subclass
@fixture symbols
$ lets show Greeter.java#greet
? 2
--- stderr
Greeter.java#greet is ambiguous (2 candidates)
  Greeter.java:18	    public String greet(String name) {
  Greeter.java:28	        public String greet(String name) {
  pick line 18: Greeter.java#Greeter.greet
  pick line 28: Greeter.java#Loud.greet
ERROR_CODE=ambiguous

### Java: Nested.method, its annotation included
@fixture symbols
$ lets show Greeter.java#Loud.greet
── Greeter.java#Loud.greet  (27-30 of 36 · via tree-sitter) · sha:[..]
27 	        @Override
28 	        public String greet(String name) {
29 	            return super.greet(name).toUpperCase();
30 	        }
── showed 1 target · 4 lines · ~[..] tokens

### Java: an annotated method
@fixture symbols
$ lets show Greeter.java#toString
── Greeter.java#toString  (13-16 of 36 · via tree-sitter) · sha:[..]
13 	    @Override
14 	    public String toString() {
15 	        return "Greeter(" + prefix + ")";
16 	    }
── showed 1 target · 4 lines · ~[..] tokens

### Java: a method of a nested interface
@fixture symbols
$ lets show Greeter.java#Greeter.Sink.accept
── Greeter.java#Greeter.Sink.accept  (34-34 of 36 · via tree-sitter) · sha:[..]
34 	        void accept(List<String> lines);
── showed 1 target · 1 line · ~[..] tokens
