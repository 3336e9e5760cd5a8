# Build and install wfs and wfsd where Debian expects locally built software.
#   make                  release build (static Swift standard library; wfs a static executable)
#   make STATIC_WFS=      the same with wfs linked dynamically, as plain `swift build -c release` does
#   sudo make install     binaries, systemd units, /etc/wfs/wfsd.yaml, bash completion, docs
#   make verify-units     systemd-analyze verify + security (exposure must be <= 2.5)
# DESTDIR stages an install (packaging); then no user is created and systemd is not reloaded.
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
UNITDIR ?= /etc/systemd/system
CONFDIR ?= /etc/wfs
COMPLETIONDIR ?= $(PREFIX)/share/bash-completion/completions
DOCDIR ?= $(PREFIX)/share/doc/wfs
SWIFT_BUILD = swift build -c release --static-swift-stdlib
# wfs is a process per command, so its start-up is part of every command's time: as a static
# executable (no dynamic loader, no relocations of its 110 MB at start) `wfs --version` takes
# 2.2 ms instead of 4.9 ms and `wfs validate` of a 1,000-screen file 5.5 ms instead of 9.8 ms
# (docs/PERFORMANCE.md). It is built in a folder of its own, since its flags differ. A static
# glibc still asks the name service (getpwuid_r, only when USER and LOGNAME are unset) through
# the NSS modules of the glibc it was linked with, and loads libpq (only for a PostgreSQL store)
# beside that glibc too: build it on the kind of system it runs on.
STATIC_WFS ?= -Xswiftc -static-executable --scratch-path .build-static
WFS_BUILD = $(SWIFT_BUILD) $(STATIC_WFS)
WFS_BIN_PATH = $(shell $(WFS_BUILD) --show-bin-path)
# `make install STRIP_FLAG=` keeps the symbols (for a debugger); by default `install -s` strips them.
STRIP_FLAG ?= -s
BIN_PATH = $(shell $(SWIFT_BUILD) --show-bin-path)

.PHONY: all build install uninstall verify-units

all: build

build:
	$(WFS_BUILD) --product wfs
	$(SWIFT_BUILD) --product wfsd

install: build
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(UNITDIR) $(DESTDIR)$(CONFDIR) $(DESTDIR)$(COMPLETIONDIR) $(DESTDIR)$(DOCDIR)
	# Installed stripped, as Debian installs binaries: the symbol table and debug information are
	# most of the file, and the code run is the same.
	install -m 0755 $(STRIP_FLAG) $(WFS_BIN_PATH)/wfs $(BIN_PATH)/wfsd $(DESTDIR)$(BINDIR)/
	sed 's#/usr/local/bin/wfsd#$(BINDIR)/wfsd#' systemd/wfsd.service > $(DESTDIR)$(UNITDIR)/wfsd.service
	sed 's#/usr/local/bin/wfsd#$(BINDIR)/wfsd#' systemd/wfsd@.service > $(DESTDIR)$(UNITDIR)/wfsd@.service
	chmod 0644 $(DESTDIR)$(UNITDIR)/wfsd.service $(DESTDIR)$(UNITDIR)/wfsd@.service
	# An existing configuration is the administrator's: never overwrite it.
	[ -e $(DESTDIR)$(CONFDIR)/wfsd.yaml ] || install -m 0644 Config/wfsd.yaml $(DESTDIR)$(CONFDIR)/wfsd.yaml
	$(WFS_BIN_PATH)/wfs --generate-completion-script bash > $(DESTDIR)$(COMPLETIONDIR)/wfs
	$(BIN_PATH)/wfsd --generate-completion-script bash > $(DESTDIR)$(COMPLETIONDIR)/wfsd
	install -m 0644 docs/DAEMON.md systemd/wfsd-project.conf $(DESTDIR)$(DOCDIR)/
	@if [ -z "$(DESTDIR)" ]; then \
	  id wfs >/dev/null 2>&1 || useradd --system --home-dir /nonexistent --shell /usr/sbin/nologin wfs; \
	  if [ -d /run/systemd/system ]; then systemctl daemon-reload; fi; \
	fi

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/wfs $(DESTDIR)$(BINDIR)/wfsd $(DESTDIR)$(UNITDIR)/wfsd.service $(DESTDIR)$(UNITDIR)/wfsd@.service
	rm -f $(DESTDIR)$(COMPLETIONDIR)/wfs $(DESTDIR)$(COMPLETIONDIR)/wfsd $(DESTDIR)$(DOCDIR)/DAEMON.md $(DESTDIR)$(DOCDIR)/wfsd-project.conf

verify-units:
	$(SWIFT_BUILD) --product wfsd
	scripts/verify-units.sh $(BIN_PATH)/wfsd
