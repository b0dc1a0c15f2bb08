/* A release of lets, as `make release` lays it out and `lets update` installs it. Per platform a
 * tarball lets-<target>.tar.gz holding lets-<target>/lets (target as the build names it:
 * x86_64-unknown-linux-gnu), the installer lets-installer.sh, and SHA256SUMS, sha256sum's lines
 * for both.
 *
 * Installing one: SHA256SUMS and the tarball are downloaded with curl into a fresh temporary
 * directory; the tarball's SHA-256 must equal its SHA256SUMS line before anything reads it; tar
 * unpacks the one binary; the binary is run once (`version`), and must name the release; only then
 * is it published over the running binary, so that path holds the old binary or the new one at
 * every instant and a refusal replaces nothing. Every program runs from an argument vector, never
 * through a shell: no text from the network is ever read as shell syntax.
 *
 * A lets installed by dpkg is upgraded with apt or dpkg instead: release_dpkg_path says whether
 * dpkg's lets package lists this binary. */
#ifndef LETS_RELEASE_H
#define LETS_RELEASE_H
#include <stdbool.h>
#include <stddef.h>

#include "error.h"

/* Installs the release whose assets are at base (a URL ending in '/') over self. version: what
 * the release's binary must print after "lets " (NULL: any MAJOR.MINOR.PATCH). Every failure is
 * update_failed, with nothing replaced; curl's, tar's and the binary's own stderr reach lets's. */
enum lets_err release_install(const char *base, const char *target, const char *version, const char *self,
			      struct diag *d);

/* True when dpkg's package `lets` lists the file self is (same device and inode, so a merged-/usr
 * alias or a symlink counts); its path as dpkg lists it goes to listed[size]. dpkg-query reads the
 * database (its own, as $DPKG_ADMINDIR and $DPKG_ROOT point it); the paths are under $DPKG_ROOT. */
bool release_dpkg_path(const char *self, char *listed, size_t size);

#endif
