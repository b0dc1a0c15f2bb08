#include "lang.h"

#include <string.h>
#include <strings.h>

const TSLanguage *tree_sitter_go(void);
const TSLanguage *tree_sitter_typescript(void);
const TSLanguage *tree_sitter_tsx(void);
const TSLanguage *tree_sitter_javascript(void);
const TSLanguage *tree_sitter_python(void);
const TSLanguage *tree_sitter_rust(void);
const TSLanguage *tree_sitter_markdown(void);
const TSLanguage *tree_sitter_json(void);
const TSLanguage *tree_sitter_yaml(void);
const TSLanguage *tree_sitter_toml(void);
const TSLanguage *tree_sitter_bash(void);
const TSLanguage *tree_sitter_c(void);
const TSLanguage *tree_sitter_cpp(void);
const TSLanguage *tree_sitter_c_sharp(void);
const TSLanguage *tree_sitter_java(void);
const TSLanguage *tree_sitter_php(void);
const TSLanguage *tree_sitter_ruby(void);
const TSLanguage *tree_sitter_swift(void);

static const struct lang langs[L_COUNT] = {
	[L_GO] = {L_GO, "go", tree_sitter_go, true, FMT_NONE},
	[L_TYPESCRIPT] = {L_TYPESCRIPT, "typescript", tree_sitter_typescript, true, FMT_NONE},
	[L_TSX] = {L_TSX, "tsx", tree_sitter_tsx, true, FMT_NONE},
	[L_JAVASCRIPT] = {L_JAVASCRIPT, "javascript", tree_sitter_javascript, true, FMT_NONE},
	[L_PYTHON] = {L_PYTHON, "python", tree_sitter_python, true, FMT_NONE},
	[L_RUST] = {L_RUST, "rust", tree_sitter_rust, true, FMT_NONE},
	[L_MARKDOWN] = {L_MARKDOWN, "markdown", tree_sitter_markdown, false, FMT_FRONTMATTER},
	[L_JSON] = {L_JSON, "json", tree_sitter_json, false, FMT_JSON},
	[L_YAML] = {L_YAML, "yaml", tree_sitter_yaml, false, FMT_YAML},
	[L_TOML] = {L_TOML, "toml", tree_sitter_toml, false, FMT_TOML},
	[L_BASH] = {L_BASH, "bash", tree_sitter_bash, false, FMT_NONE},
	[L_C] = {L_C, "c", tree_sitter_c, true, FMT_NONE},
	[L_CPP] = {L_CPP, "cpp", tree_sitter_cpp, true, FMT_NONE},
	[L_CSHARP] = {L_CSHARP, "c_sharp", tree_sitter_c_sharp, true, FMT_NONE},
	[L_JAVA] = {L_JAVA, "java", tree_sitter_java, true, FMT_NONE},
	[L_PHP] = {L_PHP, "php", tree_sitter_php, false, FMT_NONE},
	[L_RUBY] = {L_RUBY, "ruby", tree_sitter_ruby, true, FMT_NONE},
	[L_SWIFT] = {L_SWIFT, "swift", tree_sitter_swift, true, FMT_NONE},
};

/* .h goes to C++: its grammar reads C headers too, and C++ headers commonly use .h. */
static const struct {
	const char *ext;
	enum lang_id id;
} exts[] = {
	{".go", L_GO},          {".ts", L_TYPESCRIPT},
	{".mts", L_TYPESCRIPT}, {".cts", L_TYPESCRIPT},
	{".tsx", L_TSX},        {".js", L_JAVASCRIPT},
	{".mjs", L_JAVASCRIPT}, {".cjs", L_JAVASCRIPT},
	{".jsx", L_JAVASCRIPT}, {".py", L_PYTHON},
	{".pyi", L_PYTHON},     {".rs", L_RUST},
	{".md", L_MARKDOWN},    {".markdown", L_MARKDOWN},
	{".json", L_JSON},      {".jsonc", L_JSON},
	{".yaml", L_YAML},      {".yml", L_YAML},
	{".toml", L_TOML},      {".sh", L_BASH},
	{".bash", L_BASH},      {".c", L_C},
	{".h", L_CPP},          {".cpp", L_CPP},
	{".cc", L_CPP},         {".cxx", L_CPP},
	{".hpp", L_CPP},        {".hh", L_CPP},
	{".hxx", L_CPP},        {".cs", L_CSHARP},
	{".java", L_JAVA},      {".php", L_PHP},
	{".rb", L_RUBY},        {".swift", L_SWIFT},
};

const char *lang_extension(const char *path)
{
	const char *slash = strrchr(path, '/');
	const char *base = slash ? slash + 1 : path;
	const char *dot = strrchr(base, '.');
	return dot && dot != base ? dot : base;
}

const struct lang *lang_by_id(enum lang_id id)
{
	return &langs[id];
}

const struct lang *lang_for_path(const char *path)
{
	const char *ext = lang_extension(path);
	if (*ext != '.')
		return NULL;
	for (size_t i = 0; i < sizeof exts / sizeof *exts; i++)
		if (!strcasecmp(exts[i].ext, ext))
			return &langs[exts[i].id];
	return NULL;
}

enum format lang_format_for(const char *path, const char *data, size_t len)
{
	const struct lang *l = lang_for_path(path);
	size_t first, close;
	if (!l || (l->format == FMT_FRONTMATTER && !format_frontmatter(data, len, &first, &close)))
		return FMT_NONE;
	return l->format;
}
