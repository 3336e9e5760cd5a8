# Build and install wfs, wfsd and wfs-serve where Debian expects locally built software.
#   make                  release build (static Swift standard library; wfs a static executable), man pages
#   make STATIC_WFS=      the same with wfs linked dynamically, as plain `swift build -c release` does
#   sudo make install     binaries, man pages, systemd units, /etc/wfs/wfsd.yaml, bash, zsh and fish
#                         completions, the user documentation
#   make install-built    the same without building: WFS_BIN_PATH and BIN_PATH name the binaries
#                         (scripts/check-install.sh stages an install of CI's release build so)
#   make verify-units     systemd-analyze verify + security (exposure must be <= 2.5)
# DESTDIR stages an install (packaging); then no user is created and systemd is not reloaded.
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
# wfs-serve, which people start as `wfs serve`, is not on the PATH.
LIBEXECDIR ?= $(PREFIX)/libexec
UNITDIR ?= /etc/systemd/system
CONFDIR ?= /etc/wfs
COMPLETIONDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHCOMPLETIONDIR ?= $(PREFIX)/share/zsh/site-functions
FISHCOMPLETIONDIR ?= $(PREFIX)/share/fish/vendor_completions.d
MANDIR ?= $(PREFIX)/share/man/man1
DOCDIR ?= $(PREFIX)/share/doc/wfs
# The documentation for people who use wfs and run wfsd; the documents about the code (its
# architecture, storage, performance and reliability work) stay in the source tree.
USER_DOCS = README.md CHANGELOG.md docs/GUIDE.md docs/DIAGNOSTICS.md docs/JSON-FORMAT.md docs/WORKFLOWSCHEMA.md \
	docs/REPORTS.md docs/POSTGRESQL.md docs/DAEMON.md docs/SERVE.md docs/openapi.yaml systemd/wfsd-project.conf
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
# The man pages come from the binaries' own help, through swift-argument-parser's generate-manual
# tool, built (debug is enough) from the checkout that SwiftPM resolved for the package; its
# `swift package generate-manual` plugin would build every product once more, in a configuration
# of its own.
MANUAL_TOOL_BUILD = swift build --package-path .build/checkouts/swift-argument-parser --scratch-path .build/generate-manual \
	--product generate-manual
MAN_FOLDER = .build/man

.PHONY: all build man man-pages install install-built uninstall verify-units
# A page written halfway (man warned about one) is not taken for a finished one next time.
.DELETE_ON_ERROR:

all: build man

build:
	$(WFS_BUILD) --product wfs
	$(SWIFT_BUILD) --product wfsd
	$(SWIFT_BUILD) --product wfs-serve

man: build
	$(MAKE) man-pages

# From the binaries in WFS_BIN_PATH and BIN_PATH as they are; written again only when a binary
# is newer, so that `sudo make install` after `make` leaves them (and their owner) as they are.
man-pages: $(MAN_FOLDER)/wfs.1

$(MAN_FOLDER)/wfs.1: $(WFS_BIN_PATH)/wfs $(BIN_PATH)/wfsd scripts/man-pages.sh
	swift package resolve
	$(MANUAL_TOOL_BUILD)
	scripts/man-pages.sh "$$($(MANUAL_TOOL_BUILD) --show-bin-path)/generate-manual" $(WFS_BIN_PATH)/wfs $(BIN_PATH)/wfsd $(MAN_FOLDER)

install: build
	$(MAKE) install-built

install-built: man-pages
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(UNITDIR) $(DESTDIR)$(CONFDIR) $(DESTDIR)$(COMPLETIONDIR) \
		$(DESTDIR)$(ZSHCOMPLETIONDIR) $(DESTDIR)$(FISHCOMPLETIONDIR) $(DESTDIR)$(MANDIR) $(DESTDIR)$(DOCDIR) \
		$(DESTDIR)$(LIBEXECDIR)/wfs
	# Installed stripped, as Debian installs binaries: the symbol table and debug information are
	# most of the file, and the code run is the same.
	install -m 0755 $(STRIP_FLAG) $(WFS_BIN_PATH)/wfs $(BIN_PATH)/wfsd $(DESTDIR)$(BINDIR)/
	install -m 0755 $(STRIP_FLAG) $(BIN_PATH)/wfs-serve $(DESTDIR)$(LIBEXECDIR)/wfs/
	sed 's#/usr/local/bin/wfsd#$(BINDIR)/wfsd#' systemd/wfsd.service > $(DESTDIR)$(UNITDIR)/wfsd.service
	sed 's#/usr/local/bin/wfsd#$(BINDIR)/wfsd#' systemd/wfsd@.service > $(DESTDIR)$(UNITDIR)/wfsd@.service
	sed -e 's#/usr/local/bin/wfs #$(BINDIR)/wfs #' -e 's#/usr/local/share/doc/wfs#$(DOCDIR)#' systemd/wfs-serve.service \
		> $(DESTDIR)$(UNITDIR)/wfs-serve.service
	chmod 0644 $(DESTDIR)$(UNITDIR)/wfsd.service $(DESTDIR)$(UNITDIR)/wfsd@.service $(DESTDIR)$(UNITDIR)/wfs-serve.service
	# An existing configuration is the administrator's: never overwrite it.
	[ -e $(DESTDIR)$(CONFDIR)/wfsd.yaml ] || install -m 0644 Config/wfsd.yaml $(DESTDIR)$(CONFDIR)/wfsd.yaml
	$(WFS_BIN_PATH)/wfs --generate-completion-script bash > $(DESTDIR)$(COMPLETIONDIR)/wfs
	$(BIN_PATH)/wfsd --generate-completion-script bash > $(DESTDIR)$(COMPLETIONDIR)/wfsd
	$(WFS_BIN_PATH)/wfs --generate-completion-script zsh > $(DESTDIR)$(ZSHCOMPLETIONDIR)/_wfs
	$(BIN_PATH)/wfsd --generate-completion-script zsh > $(DESTDIR)$(ZSHCOMPLETIONDIR)/_wfsd
	$(WFS_BIN_PATH)/wfs --generate-completion-script fish > $(DESTDIR)$(FISHCOMPLETIONDIR)/wfs.fish
	$(BIN_PATH)/wfsd --generate-completion-script fish > $(DESTDIR)$(FISHCOMPLETIONDIR)/wfsd.fish
	chmod 0644 $(DESTDIR)$(COMPLETIONDIR)/wfs $(DESTDIR)$(COMPLETIONDIR)/wfsd $(DESTDIR)$(ZSHCOMPLETIONDIR)/_wfs \
		$(DESTDIR)$(ZSHCOMPLETIONDIR)/_wfsd $(DESTDIR)$(FISHCOMPLETIONDIR)/wfs.fish $(DESTDIR)$(FISHCOMPLETIONDIR)/wfsd.fish
	install -m 0644 $(MAN_FOLDER)/*.1 $(DESTDIR)$(MANDIR)/
	install -m 0644 $(filter-out README.md,$(USER_DOCS)) $(DESTDIR)$(DOCDIR)/
	# Installed side by side, so the README's links into docs/ become links to its neighbours.
	sed 's#](docs/#](#g' README.md > $(DESTDIR)$(DOCDIR)/README.md
	@if [ -z "$(DESTDIR)" ]; then \
	  id wfs >/dev/null 2>&1 || useradd --system --home-dir /nonexistent --shell /usr/sbin/nologin wfs; \
	  if [ -d /run/systemd/system ]; then systemctl daemon-reload; fi; \
	fi

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/wfs $(DESTDIR)$(BINDIR)/wfsd $(DESTDIR)$(UNITDIR)/wfsd.service $(DESTDIR)$(UNITDIR)/wfsd@.service
	rm -f $(DESTDIR)$(LIBEXECDIR)/wfs/wfs-serve $(DESTDIR)$(UNITDIR)/wfs-serve.service
	[ ! -d $(DESTDIR)$(LIBEXECDIR)/wfs ] || rmdir --ignore-fail-on-non-empty $(DESTDIR)$(LIBEXECDIR)/wfs
	rm -f $(DESTDIR)$(COMPLETIONDIR)/wfs $(DESTDIR)$(COMPLETIONDIR)/wfsd $(DESTDIR)$(ZSHCOMPLETIONDIR)/_wfs \
		$(DESTDIR)$(ZSHCOMPLETIONDIR)/_wfsd $(DESTDIR)$(FISHCOMPLETIONDIR)/wfs.fish $(DESTDIR)$(FISHCOMPLETIONDIR)/wfsd.fish
	rm -f $(DESTDIR)$(MANDIR)/wfs.1 $(DESTDIR)$(MANDIR)/wfs-*.1 $(DESTDIR)$(MANDIR)/wfsd.1
	rm -f $(addprefix $(DESTDIR)$(DOCDIR)/,$(notdir $(USER_DOCS)))
	[ ! -d $(DESTDIR)$(DOCDIR) ] || rmdir --ignore-fail-on-non-empty $(DESTDIR)$(DOCDIR)

verify-units:
	$(SWIFT_BUILD) --product wfsd
	$(SWIFT_BUILD) --product wfs
	scripts/verify-units.sh $(BIN_PATH)/wfsd
