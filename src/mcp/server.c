/* The server loop: the reading thread splits stdin into lines and hands each to the session
 * (session.c), answering at once; tool calls go to a queue that one worker thread runs in order.
 * Both threads write whole lines under one lock. */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../alloc.h"
#include "internal.h"

struct mcp_queue {
	struct mcp_session *s;
	int out_fd;
	pthread_mutex_t mu; /* the queue, running, eof, and the session's roots */
	pthread_cond_t cv;
	struct mcp_job *head, *tail;
	struct mcp_job *running;
	bool eof; /* the input ended: run what is queued, then stop */
	pthread_mutex_t out_mu; /* one whole line per write */
	int write_errno; /* the first failed write's errno, 0 while none failed */
};

void mcp_queue_lock(struct mcp_queue *q)
{
	if (q)
		pthread_mutex_lock(&q->mu);
}

void mcp_queue_unlock(struct mcp_queue *q)
{
	if (q)
		pthread_mutex_unlock(&q->mu);
}

void mcp_queue_wake(struct mcp_queue *q)
{
	if (q)
		pthread_cond_broadcast(&q->cv);
}

void mcp_queue_push(struct mcp_queue *q, struct mcp_job *j)
{
	pthread_mutex_lock(&q->mu);
	if (q->tail)
		q->tail->next = j;
	else
		q->head = j;
	q->tail = j;
	pthread_cond_broadcast(&q->cv);
	pthread_mutex_unlock(&q->mu);
}

void mcp_queue_cancel(struct mcp_queue *q, const json_t *id)
{
	if (!q || !id)
		return;
	pthread_mutex_lock(&q->mu);
	if (q->running && json_equal(q->running->id, (json_t *)id))
		atomic_store(&q->running->cancel, true);
	for (struct mcp_job **p = &q->head, *prev = NULL; *p; prev = *p, p = &(*p)->next) {
		if (!json_equal((*p)->id, (json_t *)id))
			continue;
		struct mcp_job *gone = *p;
		*p = gone->next;
		if (q->tail == gone)
			q->tail = prev;
		mcp_job_free(gone);
		break;
	}
	pthread_mutex_unlock(&q->mu);
}

static int write_all(int fd, const char *p, size_t n)
{
	while (n) {
		ssize_t w = write(fd, p, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			return -1;
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

/* Writes resp whole; after a failed write nothing more is written. Returns the failure's errno. */
static int write_line(struct mcp_queue *q, const struct buf *resp)
{
	pthread_mutex_lock(&q->out_mu);
	if (!q->write_errno && resp->len && write_all(q->out_fd, resp->data, resp->len) < 0)
		q->write_errno = errno ? errno : EIO;
	int err = q->write_errno;
	pthread_mutex_unlock(&q->out_mu);
	return err;
}

/* The next job to run, with a copy of the roots it runs under; NULL once the input ended and the
 * queue is empty. A job waits while a roots/list is unanswered (unless the input ended). */
static struct mcp_job *next_job(struct mcp_queue *q, char ***roots, size_t *n, bool *unknown)
{
	pthread_mutex_lock(&q->mu);
	while (!q->eof && (!q->head || q->s->roots_pending))
		pthread_cond_wait(&q->cv, &q->mu);
	struct mcp_job *j = q->head;
	if (j) {
		q->head = j->next;
		if (!q->head)
			q->tail = NULL;
		j->next = NULL;
		q->running = j;
		*n = q->s->n_roots;
		*roots = xcalloc(*n ? *n : 1, sizeof(**roots));
		for (size_t i = 0; i < *n; i++)
			(*roots)[i] = xstrdup(q->s->roots[i]);
		*unknown = q->s->roots_pending;
	}
	pthread_mutex_unlock(&q->mu);
	return j;
}

static void *worker_main(void *arg)
{
	struct mcp_queue *q = arg;
	struct buf resp = BUF_INIT;
	char **roots;
	size_t n;
	bool unknown;
	struct mcp_job *j;
	while ((j = next_job(q, &roots, &n, &unknown))) {
		buf_truncate(&resp, 0);
		pthread_mutex_lock(&q->out_mu);
		bool gone = q->write_errno != 0; /* no one reads the answers: change nothing more */
		pthread_mutex_unlock(&q->out_mu);
		if (!gone)
			mcp_job_answer(q->s, j, roots, n, unknown, &resp);
		pthread_mutex_lock(&q->mu);
		q->running = NULL;
		bool cancelled = atomic_load(&j->cancel);
		pthread_mutex_unlock(&q->mu);
		/* a cancelled call gets no answer; one that finished first is answered, as the
		 * protocol allows for a cancellation that crosses the answer */
		if (!cancelled)
			write_line(q, &resp);
		mcp_job_free(j);
		for (size_t i = 0; i < n; i++)
			free(roots[i]);
		free(roots);
	}
	buf_release(&resp);
	return NULL;
}

/* The input split into lines, holding at most one line (up to MCP_MAX_LINE) and what came after it. */
struct reader {
	int fd;
	struct buf b;
	size_t start, scanned; /* the next line starts at start; no newline in [start, scanned) */
	bool over, eof; /* over: the line being read passed MCP_MAX_LINE and is being skipped */
};

/* Moves what is left of the buffer to its start when the consumed part is large. */
static void reader_compact(struct reader *r)
{
	if (r->start == r->b.len) {
		buf_truncate(&r->b, 0);
		r->start = r->scanned = 0;
	} else if (r->start > 65536 && r->start > r->b.len / 2) {
		memmove(r->b.data, r->b.data + r->start, r->b.len - r->start);
		buf_truncate(&r->b, r->b.len - r->start);
		r->scanned -= r->start;
		r->start = 0;
	}
}

/* The next line (without its newline) in *line, *len; *over when it was too long and is not held.
 * Returns 1, 0 at the end of the input, -1 when a read failed. The line lives until the next call. */
static int reader_next(struct reader *r, const char **line, size_t *len, bool *over)
{
	for (;;) {
		char *nl = r->b.len > r->scanned ? memchr(r->b.data + r->scanned, '\n', r->b.len - r->scanned)
						 : NULL;
		if (nl || (r->eof && (r->b.len > r->start || r->over))) {
			size_t end = nl ? (size_t)(nl - r->b.data) : r->b.len;
			*line = r->b.data + r->start;
			*len = end - r->start;
			*over = r->over || *len > MCP_MAX_LINE;
			r->over = false;
			r->start = r->scanned = nl ? end + 1 : end;
			return 1;
		}
		if (r->eof)
			return 0;
		r->scanned = r->b.len;
		if (r->b.len - r->start > MCP_MAX_LINE) {
			r->over = true;
			r->start = r->scanned = r->b.len;
		}
		reader_compact(r);
		buf_reserve(&r->b, 65536);
		ssize_t got = read(r->fd, r->b.data + r->b.len, r->b.cap - r->b.len - 1);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0)
			return -1;
		r->eof = got == 0;
		r->b.len += (size_t)got;
		r->b.data[r->b.len] = '\0';
	}
}

/* Reads and handles lines until the input ends or a write fails; the errno of a failed read or
 * write in *err. */
static void read_loop(struct mcp_queue *q, int in_fd, int *err, bool *read_failed)
{
	struct reader r = {in_fd, BUF_INIT, 0, 0, false, false};
	struct buf resp = BUF_INIT;
	const char *line;
	size_t len;
	bool over;
	int got = 0;
	while (!*err && (got = reader_next(&r, &line, &len, &over)) > 0) {
		buf_truncate(&resp, 0);
		if (over)
			buf_adds(&resp,
				 "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32700,\"message\":"
				 "\"message over 64 MiB: discarded unread\"}}\n");
		else
			mcp_handle(q->s, line, len, &resp);
		*err = write_line(q, &resp);
	}
	if (!*err && got < 0) {
		*err = errno;
		*read_failed = true;
	}
	buf_release(&r.b);
	buf_release(&resp);
}

enum lets_err mcp_serve(int in_fd, int out_fd, const struct mcp_config *cfg, struct diag *d)
{
	struct mcp_session s = MCP_SESSION_INIT;
	struct mcp_queue q = {.s = &s, .out_fd = out_fd};
	pthread_t worker;
	s.cfg = *cfg;
	s.queue = &q;
	pthread_mutex_init(&q.mu, NULL);
	pthread_mutex_init(&q.out_mu, NULL);
	pthread_cond_init(&q.cv, NULL);
	bool threaded = pthread_create(&worker, NULL, worker_main, &q) == 0;
	if (!threaded)
		s.queue = NULL; /* no thread to be had: the calls run as they come */
	int err = 0;
	bool read_failed = false;
	read_loop(&q, in_fd, &err, &read_failed);
	pthread_mutex_lock(&q.mu);
	q.eof = true;
	pthread_cond_broadcast(&q.cv);
	pthread_mutex_unlock(&q.mu);
	if (threaded)
		pthread_join(worker, NULL);
	if (!err)
		err = q.write_errno;
	pthread_cond_destroy(&q.cv);
	pthread_mutex_destroy(&q.out_mu);
	pthread_mutex_destroy(&q.mu);
	mcp_session_release(&s);
	if (!err)
		return LETS_OK;
	return diag_add(d, E_IO_ERROR, "mcp: %s failed: %s",
			read_failed ? "reading the input" : "writing a response", strerror(err));
}
