/* The numbers lets promises, each written once. Help text, the guide, the MCP tool descriptions
 * and the hook classifier print or compare these values; a string that names one is built with
 * LIMIT_STR, so the printed bytes cannot drift from the number the code uses. Each value is a
 * plain decimal literal for that reason (LIMIT_STR(8 << 20) would print "8 << 20").
 *
 * Named limit.h, not limits.h: on the -Isrc path that name would shadow the C library's
 * <limits.h> in every file that includes it.
 *
 * Includes nothing: every module may include it. */
#ifndef LETS_LIMIT_H
#define LETS_LIMIT_H

/* "50" for LIMIT_FIND_CAP: the literal text of a limit, for string concatenation. */
#define LIMIT_STR(x) LIMIT_STR_(x)
#define LIMIT_STR_(x) #x

/* find's hits and paths' paths printed before the footer counts the rest (--cap). */
#define LIMIT_FIND_CAP 50
/* show's lines per whole-file target before it stops and names --all (--window). */
#define LIMIT_SHOW_WINDOW 200
/* The bytes of content a call prints before it refuses without --budget (--max-bytes, 64 KiB). */
#define LIMIT_MAX_BYTES 65536
/* The size of a file (or of stdin) past which it is refused as too large (--max-file-bytes, 8 MiB). */
#define LIMIT_MAX_FILE_BYTES 8388608
/* Seconds a --check command runs before its result is inconclusive (--check-timeout). */
#define LIMIT_CHECK_TIMEOUT_S 60
/* Seconds a file's write lock is waited for before `locked`. */
#define LIMIT_LOCK_WAIT_S 2
/* The most files a batch keeps locked (a descriptor each) from its read to its write; a larger
 * batch locks each file while reading it and again, this many at a time, while replacing it
 * (edit/commit.c and publish_batch_relock say why that is as safe). */
#define LIMIT_BATCH_HELD 64

/* The largest file any parser is given, and so the ceiling of --max-file-bytes (clamped to it when
 * the options are parsed). tree-sitter holds lengths and byte offsets in 32 bits (4 GiB), and the
 * format model uses UINT32_MAX as "no offset": one below it keeps every offset of a file, its end
 * included, representable and distinct from "none". A file over it is refused, never truncated. */
#define LIMIT_PARSER_MAX_BYTES 4294967294

#endif
