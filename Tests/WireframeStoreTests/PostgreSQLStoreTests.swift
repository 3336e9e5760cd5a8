import Foundation
import Testing
import WireframePostgreSQL
import WireframeStore
import WireframeTestSupport

/// What only the PostgreSQL engine does: its schema in a database or a named schema, the roles a
/// team creates, passwords, and a server that goes away or a row another writer holds. Each test
/// has a database of its own in the test cluster (`WFS_TEST_POSTGRESQL`).
@Suite(.enabled(if: PostgreSQLTestServer.isEnabled, Comment(rawValue: PostgreSQLTestServer.skipReason)))
struct PostgreSQLStoreTests {
    /// A fresh database, dropped after `body`.
    func withDatabase(_ body: (_ name: String, _ url: String) throws -> Void) throws {
        let database = try PostgreSQLTestServer.makeDatabase()
        defer { PostgreSQLTestServer.dropDatabase(database.name) }
        try body(database.name, database.url)
    }

    /// A role name no other test uses (roles are the cluster's, not a database's).
    func roleName(_ kind: String) -> String {
        "wfs_\(kind)_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(12)
    }

    @Test func initMakesTheSchemaInAnEmptyDatabaseOnceAndOpeningFindsIt() throws {
        try withDatabase { _, url in
            #expect(throws: StoreError.missing(path: url)) { _ = try PostgreSQLStore.open(url: url) }
            let store = try PostgreSQLStore.create(url: url)
            #expect(try store.projectRoot() == nil)
            let one = try #require(try store.recordImport(newRevision(screens: [("a", "A1")], expectedHead: nil, at: .at(0))).revision)
            try store.close()
            #expect(throws: StoreError.alreadyExists(path: url)) { _ = try PostgreSQLStore.create(url: url) }
            let again = try PostgreSQLStore.open(url: url)
            defer { try? again.close() }
            #expect(try again.revision(id: one.id) == one)
            #expect(try again.storageProblems().isEmpty)
        }
    }

    @Test func eachSchemaNamedInTheURLHoldsAProjectOfItsOwn() throws {
        try withDatabase { name, url in
            let team = url + "&options=-csearch_path%3Dteam"
            let other = url + "&options=-csearch_path%3Dother"
            let first = try PostgreSQLStore.create(url: team)
            defer { try? first.close() }
            let second = try PostgreSQLStore.create(url: other)
            defer { try? second.close() }
            _ = try first.recordImport(newRevision(screens: [("a", "A1")], expectedHead: nil, at: .at(0)))
            #expect(try first.documentPaths() == ["app.json"])
            #expect(try second.documentPaths().isEmpty)
            #expect(throws: StoreError.missing(path: url)) { _ = try PostgreSQLStore.open(url: url) }
            let reopened = try PostgreSQLStore.open(url: team)
            defer { try? reopened.close() }
            #expect(try reopened.documentPaths() == ["app.json"])
        }
    }

    @Test func aReaderReadsEverythingAndEveryWriteIsRefusedNamingThePrivilege() throws {
        try withDatabase { name, url in
            let setup = try PostgreSQLStore.create(url: url)
            let one = try #require(try setup.recordImport(newRevision(screens: [("a", "A1")], expectedHead: nil, at: .at(0))).revision)
            try setup.close()
            let reader = roleName("reader")
            try PostgreSQLTestServer.makeRole(reader, password: "reader-secret")
            defer { PostgreSQLTestServer.dropRole(reader) }
            defer { PostgreSQLTestServer.dropDatabase(name) }
            try PostgreSQLTestServer.execute(
                PostgreSQLTestServer.grants(PostgreSQLTestServer.readerGrants, role: reader, database: name), database: name)
            let readerURL = try PostgreSQLTestServer.url(database: name, user: reader, password: "reader-secret", overTCP: true)
            let store = try PostgreSQLStore.open(url: readerURL)
            defer { try? store.close() }
            #expect(!store.location.contains("reader-secret"))
            #expect(try store.revision(id: one.id) == one)
            #expect(try store.source(revisionId: one.id) == Array("a=A1".utf8))
            #expect(try store.log(LogFilter()).count == 1)
            #expect(try store.storageProblems().isEmpty)
            let refused = #expect(throws: StoreError.self) {
                _ = try store.recordImport(newRevision(screens: [("a", "A2")], expectedHead: one.id, at: .at(1)))
            }
            guard case .permissionDenied(let location, let privilege) = refused else {
                Issue.record("not a refused privilege: \(String(describing: refused))")
                return
            }
            #expect(location == store.location)
            #expect(privilege.hasPrefix("UPDATE on table document") || privilege.hasPrefix("INSERT on table"), "\(privilege)")
            #expect(refused?.description.contains("reader-secret") == false)
            #expect(throws: StoreError.self) { _ = try store.startSession(name: "Review", notes: nil, at: .at(2), author: "ann") }
            let attempt = AttemptInfo(
                path: "app.json", startedAt: .at(3), durationMicroseconds: 1, author: "ada", origin: .cli, diagnostics: [])
            #expect(throws: StoreError.self) { _ = try store.recordAttempt(attempt, outcome: .rejected) }
            #expect(throws: StoreError.self) { _ = try store.recordDeletion(attempt, message: nil, createdAt: .at(3)) }
            // Nothing of any refused write was kept.
            let counts = try store.counts()
            #expect(counts["revision"] == 1 && counts["importAttempt"] == 1 && counts["session"] == 0)
        }
    }

    @Test func aWriterWithTheDocumentedGrantsStoresEverything() throws {
        try withDatabase { name, url in
            let setup = try PostgreSQLStore.create(url: url)
            try setup.close()
            let writer = roleName("writer")
            try PostgreSQLTestServer.makeRole(writer, password: "writer-secret")
            defer { PostgreSQLTestServer.dropRole(writer) }
            defer { PostgreSQLTestServer.dropDatabase(name) }
            try PostgreSQLTestServer.execute(
                PostgreSQLTestServer.grants(PostgreSQLTestServer.writerGrants, role: writer, database: name), database: name)
            // The password from a password file (libpq's ~/.pgpass, named in the URL here).
            let passwordFile = NSTemporaryDirectory() + "wfs-pgpass-" + UUID().uuidString
            defer { try? FileManager.default.removeItem(atPath: passwordFile) }
            let port = try PostgreSQLTestServer.url(database: name).components(separatedBy: "port=").last?.prefix(while: \.isNumber) ?? ""
            try "127.0.0.1:\(port):\(name):\(writer):writer-secret\n".write(toFile: passwordFile, atomically: true, encoding: .utf8)
            #expect(chmod(passwordFile, 0o600) == 0)
            let writerURL = try PostgreSQLTestServer.url(database: name, user: writer, overTCP: true) + "&passfile=\(passwordFile)"
            let store = try PostgreSQLStore.open(url: writerURL)
            defer { try? store.close() }
            let one = try #require(try store.recordImport(newRevision(screens: [("a", "A1")], expectedHead: nil, at: .at(0))).revision)
            _ = try store.startSession(name: "Review", notes: nil, at: .at(1), author: "ann")
            let two = try #require(try store.recordImport(newRevision(screens: [("a", "A2")], expectedHead: one.id, at: .at(2))).revision)
            #expect(two.sessionName == "Review")
            _ = try store.endSession(at: .at(3), by: "ann")
            _ = try store.addSession(name: "Earlier", notes: nil, start: .at(-5), end: .at(0), author: "ann")
            let attempt = AttemptInfo(
                path: "app.json", startedAt: .at(4), durationMicroseconds: 1, author: "ada", origin: .cli, diagnostics: [])
            _ = try store.recordAttempt(attempt, outcome: .rejected)
            #expect(try store.recordDeletion(attempt, message: nil, createdAt: .at(5))?.revision?.number == 3)
            #expect(try store.storageProblems().isEmpty)
        }
    }

    /// docs/POSTGRESQL.md's role set-up, its three SQL blocks exactly as written (the passwords
    /// filled in), each run as the role it names, then `wfs init` as the owner: the writer stores,
    /// the reader reads and may not write.
    @Test func theDocumentedRoleSetUpRunsAsWrittenAsTheRolesItNames() throws {
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: package.appendingPathComponent("docs/POSTGRESQL.md"), encoding: .utf8)
        let section = try #require(text.components(separatedBy: "## Making the store and the roles").dropFirst().first)
            .components(separatedBy: "\n## ")[0]
        let blocks = section.components(separatedBy: "```sql\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        try #require(blocks.count == 3, "\(blocks)")
        #expect(blocks[0].hasPrefix("-- As a superuser, or a role with CREATEROLE"))
        #expect(blocks[1].hasPrefix("-- As wfs_owner, connected to the database postgres"))
        #expect(blocks[2].hasPrefix("-- As wfs_owner, connected to the database team"))
        let password = "doc-secret"
        func filled(_ block: String) -> String { block.replacingOccurrences(of: "PASSWORD '...'", with: "PASSWORD '\(password)'") }
        // The roles and the database have the names the doc gives (the cluster's own, so taken
        // from an earlier run first).
        func clean() {
            PostgreSQLTestServer.dropDatabase("team")
            for role in ["wfs_writer", "wfs_reader", "wfs_owner", "wfs_doc_admin"] { PostgreSQLTestServer.dropRole(role) }
        }
        clean()
        defer { clean() }
        // Not a superuser: a role that may only make roles (and pass on CREATEDB).
        try PostgreSQLTestServer.execute("CREATE ROLE wfs_doc_admin LOGIN CREATEROLE CREATEDB PASSWORD '\(password)'")
        func url(_ role: String, _ database: String) throws -> String {
            try PostgreSQLTestServer.url(database: database, user: role, password: password, overTCP: true)
        }
        try PostgreSQLTestServer.execute(filled(blocks[0]), url: try url("wfs_doc_admin", "postgres"))
        try PostgreSQLTestServer.execute(filled(blocks[1]), url: try url("wfs_owner", "postgres"))
        try PostgreSQLStore.create(url: try url("wfs_owner", "team")).close()
        try PostgreSQLTestServer.execute(filled(blocks[2]), url: try url("wfs_owner", "team"))

        let writer = try PostgreSQLStore.open(url: try url("wfs_writer", "team"))
        defer { try? writer.close() }
        let one = try #require(try writer.recordImport(newRevision(screens: [("a", "A1")], expectedHead: nil, at: .at(0))).revision)
        _ = try writer.startSession(name: "Review", notes: nil, at: .at(1), author: "ann")
        _ = try writer.endSession(at: .at(2), by: "ann")
        let reader = try PostgreSQLStore.open(url: try url("wfs_reader", "team"))
        defer { try? reader.close() }
        #expect(try reader.revision(id: one.id) == one)
        #expect(try reader.storageProblems().isEmpty)
        #expect(throws: StoreError.self) {
            _ = try reader.recordImport(newRevision(screens: [("a", "A2")], expectedHead: one.id, at: .at(3)))
        }
    }

    @Test func aWrongPasswordIsUnavailableAndNeverShown() throws {
        try withDatabase { name, url in
            try PostgreSQLStore.create(url: url).close()
            let role = roleName("writer")
            try PostgreSQLTestServer.makeRole(role, password: "right-secret")
            defer { PostgreSQLTestServer.dropRole(role) }
            defer { PostgreSQLTestServer.dropDatabase(name) }
            let wrong = try PostgreSQLTestServer.url(database: name, user: role, password: "wrong-secret", overTCP: true)
            let error = #expect(throws: StoreError.self) { _ = try PostgreSQLStore.open(url: wrong) }
            guard case .unavailable(let location, let reason) = error else {
                Issue.record("not unavailable: \(String(describing: error))")
                return
            }
            #expect(!location.contains("wrong-secret") && location.contains(role + "@127.0.0.1"))
            #expect(reason.contains("password authentication failed"))
            #expect(error?.description.contains("secret") == false)
        }
    }

    @Test func theServerGoingAwayMidWriteKeepsNothingAndTheStoreConnectsAgain() throws {
        try withDatabase { name, url in
            let store = try PostgreSQLStore.create(url: url)
            defer { try? store.close() }
            let one = try #require(try store.recordImport(newRevision(screens: [("a", "A1")], expectedHead: nil, at: .at(0))).revision)
            let pid = store.backendProcessId
            // Another writer holds the document's row, so the store's write waits inside its
            // transaction; its server process is ended there.
            let holder = try Connection(conninfo: url)
            defer { holder.close() }
            let outcome = try holder.transaction(readOnly: false) { db -> Result<ImportRecord, any Error> in
                try db.execute("SELECT id FROM document WHERE path = 'app.json' FOR UPDATE")
                let result = LockedBox<Result<ImportRecord, any Error>?>(nil)
                let done = DispatchSemaphore(value: 0)
                let writing = newRevision(screens: [("a", "A2"), ("b", "B1")], expectedHead: one.id, at: .at(1))
                Thread.detachNewThread {
                    let record = Result { try store.recordImport(writing) }
                    result.withLock { $0 = record }
                    done.signal()
                }
                try waitUntilWaitingForALock(pid: pid, database: name)
                try PostgreSQLTestServer.execute("SELECT pg_terminate_backend(\(pid))")
                done.wait()
                return try #require(result.withLock { $0 })
            }
            guard case .failure(let error) = outcome, case StoreError.unavailable = error else {
                Issue.record("not unavailable: \(outcome)")
                return
            }
            // Nothing half-written; the same store connects again, and so does a new one.
            #expect(try store.allRevisions().map(\.id) == [one.id])
            #expect(try store.counts()["screenVersion"] == 1)
            let two = try store.recordImport(newRevision(screens: [("a", "A2")], expectedHead: one.id, at: .at(2)))
            #expect(two.revision?.number == 2)
            let other = try PostgreSQLStore.open(url: url)
            defer { try? other.close() }
            #expect(try other.storageProblems().isEmpty)
        }
    }

    @Test func aRowHeldLongerThanTheLockTimeoutIsBusy() throws {
        try withDatabase { _, url in
            let store = try PostgreSQLStore.create(url: url)
            defer { try? store.close() }
            let one = try #require(try store.recordImport(newRevision(screens: [("a", "A1")], expectedHead: nil, at: .at(0))).revision)
            let holder = try Connection(conninfo: url)
            defer { holder.close() }
            try holder.transaction(readOnly: false) { db in
                try db.execute("SELECT id FROM document WHERE path = 'app.json' FOR UPDATE")
                let error = #expect(throws: StoreError.self) {
                    _ = try store.recordImport(newRevision(screens: [("a", "A2")], expectedHead: one.id, at: .at(1)))
                }
                guard case .busy = error else {
                    Issue.record("not busy: \(String(describing: error))")
                    return
                }
            }
            #expect(try store.allRevisions().map(\.id) == [one.id])
        }
    }

    @Test func concurrentWritersOfOneDocumentNumberWithoutGapsAndMarkWhatTheyReplaced() throws {
        try withDatabase { _, url in
            let store = try PostgreSQLStore.create(url: url)
            defer { try? store.close() }
            let base = try #require(
                try store.recordImport(newRevision(screens: [("a", "A1"), ("b", "B1"), ("c", "C1")], expectedHead: nil, at: .at(0)))
                    .revision)
            // Bob changes b and c from the base; Ada, also from the base, changes a and c.
            let bob = try #require(
                try store.recordImport(
                    newRevision(screens: [("a", "A1"), ("b", "B2"), ("c", "C2")], expectedHead: base.id, at: .at(1), author: "bob")
                ).revision)
            #expect(bob.basedOn == base.id && bob.replaces == nil)
            var ada = newRevision(screens: [("a", "A2"), ("b", "B1"), ("c", "C3")], expectedHead: bob.id, at: .at(2))
            ada.basedOn = base.id
            let stored = try #require(try store.recordImport(ada).revision)
            #expect(stored.number == 3 && stored.parentId == bob.id && stored.basedOn == base.id)
            #expect(stored.replaces == Replacement(id: bob.id, author: "bob", screens: ["b", "c"]))
            var replacing = LogFilter()
            replacing.replacingOnly = true
            #expect(try store.log(replacing).map(\.revision.id) == [stored.id])
            #expect(try store.revision(id: stored.id) == stored)

            // Eight connections store into one document at once: numbers stay gapless.
            let writers = 8
            let done = DispatchGroup()
            let failures = LockedBox<[String]>([])
            for writer in 0..<writers {
                done.enter()
                Thread.detachNewThread {
                    defer { done.leave() }
                    do {
                        let own = try PostgreSQLStore.open(url: url)
                        defer { try? own.close() }
                        for step in 0..<5 {
                            while true {
                                let head = try own.headState(documentPath: "app.json")?.revision.id
                                do {
                                    _ = try own.recordImport(
                                        newRevision(screens: [("a", "W\(writer)S\(step)")], expectedHead: head, at: .at(Int64(10 + step))))
                                    break
                                } catch StoreError.headMoved {
                                    continue
                                }
                            }
                        }
                    } catch {
                        failures.withLock { $0.append("\(error)") }
                    }
                }
            }
            done.wait()
            #expect(failures.withLock { $0 }.isEmpty)
            let numbers = try store.allRevisions().map(\.number)
            #expect(numbers == Array(1...(3 + writers * 5)))
            #expect(try store.storageProblems().isEmpty)
        }
    }

    @Test func aGivenIdIsKeptAndLaterIdsFollowIt() throws {
        try withDatabase { _, url in
            let store = try PostgreSQLStore.create(url: url)
            defer { try? store.close() }
            var copied = newRevision(screens: [("a", "A1")], expectedHead: nil, at: .at(0))
            copied.id = 40
            let kept = try #require(try store.recordImport(copied).revision)
            #expect(kept.id == 40 && kept.number == 1)
            let next = try #require(try store.recordImport(newRevision(screens: [("a", "A2")], expectedHead: 40, at: .at(1))).revision)
            #expect(next.id == 41 && next.parentId == 40)
        }
    }

    /// Waits until a server process waits for a lock (a row another connection holds).
    func waitUntilWaitingForALock(pid: Int32, database: String) throws {
        let watcher = try Connection(conninfo: try PostgreSQLTestServer.superuserURL())
        defer { watcher.close() }
        for _ in 0..<400 {
            let waiting = try watcher.withoutTransaction { db in
                try db.execute("SELECT 1 FROM pg_stat_activity WHERE pid = $1 AND wait_event_type = 'Lock'", [.integer(Int64(pid))]).count
            }
            if waiting > 0 { return }
            Thread.sleep(forTimeInterval: 0.01)
        }
        throw TestSupportError("the store's server process \(pid) never waited for the row")
    }
}

/// A value shared between threads, behind a lock.
final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    /// Runs `body` with the value, the lock held.
    func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        try lock.withLock { try body(&value) }
    }
}

/// What needs no server: the location shown, and the documented roles.
@Suite struct PostgreSQLWithoutAServerTests {
    @Test func theLocationShownHasNoPassword() {
        #expect(
            PostgreSQLStore.locationShown("postgresql://ada:s3cret@db.example/team?sslmode=require")
                == "postgresql://ada@db.example/team?sslmode=require")
        #expect(
            PostgreSQLStore.locationShown("postgres://ada@db/team?password=s3cret&sslmode=require")
                == "postgres://ada@db/team?sslmode=require")
        #expect(PostgreSQLStore.locationShown("postgresql://db/team?password=s3cret") == "postgresql://db/team")
        #expect(PostgreSQLStore.locationShown("postgresql:///team?host=/run/postgresql") == "postgresql:///team?host=/run/postgresql")
        #expect(PostgreSQLStore.locationShown("host=db password='a b' dbname=team") == "host=db dbname=team")
    }

    /// The roles docs/POSTGRESQL.md tells a team to create are the ones the tests give their roles.
    @Test func theDocumentedGrantsAreTheTestedOnes() throws {
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: package.appendingPathComponent("docs/POSTGRESQL.md"), encoding: .utf8)
        #expect(text.contains(PostgreSQLTestServer.readerGrants))
        #expect(text.contains(PostgreSQLTestServer.writerGrants))
    }
}
