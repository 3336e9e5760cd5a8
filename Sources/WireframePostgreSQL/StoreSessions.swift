import WireframeModel
public import WireframeStore

extension PostgreSQLStore {
    /// The columns ``session(_:)`` reads.
    static let sessionColumns = "id, name, notes, started_at, ended_at, author, changed_by, changed_at"

    /// The session of a row of ``sessionColumns``.
    static func session(_ row: Row) -> Session {
        Session(
            id: row.int64(0), name: row.string(1), notes: row.optionalString(2), startedAt: Timestamp(microseconds: row.int64(3)),
            endedAt: row.optionalInt64(4).map { Timestamp(microseconds: $0) }, author: row.optionalString(5),
            changedBy: row.optionalString(6), changedAt: row.optionalInt64(7).map { Timestamp(microseconds: $0) })
    }

    /// Opens a session now; revisions stored while it is open belong to it.
    public func startSession(name: String, notes: String?, at time: Timestamp, author: String?) throws -> Session {
        try write { db in
            // One writer at a time decides whether a session is open.
            try db.execute("LOCK TABLE session IN SHARE ROW EXCLUSIVE MODE")
            if let open = try db.execute("SELECT name FROM session WHERE ended_at IS NULL").first {
                throw StoreError.sessionAlreadyOpen(name: open.string(0))
            }
            if try db.execute("SELECT 1 FROM session WHERE name = $1", [.text(name)]).count > 0 {
                throw StoreError.duplicateSession(name: name)
            }
            try Self.refuseOverlap(db, name: name, start: time, end: nil)
            guard
                let row = try db.execute(
                    "INSERT INTO session (name, notes, started_at, author) VALUES ($1, $2, $3, $4) RETURNING \(Self.sessionColumns)",
                    [.text(name), .text(notes), .integer(time.microseconds), .text(author)]
                ).first
            else { throw StoreError.noOpenSession }
            return Self.session(row)
        }
    }

    /// Ends the open session.
    public func endSession(at time: Timestamp, by changer: String) throws -> Session {
        try write { db in
            guard let open = try db.execute("SELECT \(Self.sessionColumns) FROM session WHERE ended_at IS NULL FOR UPDATE").first
            else { throw StoreError.noOpenSession }
            var session = Self.session(open)
            guard time >= session.startedAt else { throw StoreError.invalidSessionInterval(name: session.name) }
            try db.execute(
                "UPDATE session SET ended_at = $2, changed_by = $3, changed_at = $2 WHERE id = $1",
                [.integer(session.id), .integer(time.microseconds), .text(changer)])
            session.endedAt = time
            session.changedBy = changer
            session.changedAt = time
            return session
        }
    }

    /// Adds a session that already took place, and assigns it the revisions of its span that
    /// belong to no session.
    public func addSession(name: String, notes: String?, start: Timestamp, end: Timestamp, author: String?) throws -> Session {
        try write { db in
            guard end >= start else { throw StoreError.invalidSessionInterval(name: name) }
            try db.execute("LOCK TABLE session IN SHARE ROW EXCLUSIVE MODE")
            if try db.execute("SELECT 1 FROM session WHERE name = $1", [.text(name)]).count > 0 {
                throw StoreError.duplicateSession(name: name)
            }
            try Self.refuseOverlap(db, name: name, start: start, end: end)
            guard
                let row = try db.execute(
                    """
                    INSERT INTO session (name, notes, started_at, ended_at, author) VALUES ($1, $2, $3, $4, $5)
                    RETURNING \(Self.sessionColumns)
                    """,
                    [.text(name), .text(notes), .integer(start.microseconds), .integer(end.microseconds), .text(author)]
                ).first
            else { throw StoreError.unknownSession(name: name, suggestion: nil) }
            let session = Self.session(row)
            try db.execute(
                "UPDATE revision SET session_id = $1 WHERE session_id IS NULL AND created_at >= $2 AND created_at <= $3",
                [.integer(session.id), .integer(start.microseconds), .integer(end.microseconds)])
            return session
        }
    }

    /// Renames a session or replaces its notes; its revisions stay its (they refer to it by id).
    public func editSession(named name: String, newName: String?, notes: String?, at time: Timestamp, by changer: String) throws
        -> Session
    {
        try write { db in
            var session = try Self.session(db, named: name)
            if let newName, newName != name {
                if try db.execute("SELECT 1 FROM session WHERE name = $1", [.text(newName)]).count > 0 {
                    throw StoreError.duplicateSession(name: newName)
                }
                session.name = newName
            }
            if let notes { session.notes = notes.isEmpty ? nil : notes }
            session.changedBy = changer
            session.changedAt = time
            try db.execute(
                "UPDATE session SET name = $2, notes = $3, changed_by = $4, changed_at = $5 WHERE id = $1",
                [.integer(session.id), .text(session.name), .text(session.notes), .text(changer), .integer(time.microseconds)])
            return session
        }
    }

    /// Deletes a session; its revisions stay, in no session.
    public func deleteSession(named name: String) throws -> Session {
        try write { db in
            let session = try Self.session(db, named: name)
            try db.execute("UPDATE revision SET session_id = NULL WHERE session_id = $1", [.integer(session.id)])
            try db.execute("DELETE FROM session WHERE id = $1", [.integer(session.id)])
            return session
        }
    }

    /// Every session, in order of their start.
    public func sessions() throws -> [Session] {
        try read { db in try db.execute("SELECT \(Self.sessionColumns) FROM session ORDER BY started_at, id").all.map(Self.session) }
    }

    /// A session by name.
    public func session(named name: String) throws -> Session {
        try read { db in try Self.session(db, named: name) }
    }

    /// Whether a session of that name exists.
    public func hasSession(named name: String) throws -> Bool {
        try read { db in try db.execute("SELECT 1 FROM session WHERE name = $1", [.text(name)]).count > 0 }
    }

    /// The open session, if any.
    public func openSession() throws -> Session? {
        try read { db in try db.execute("SELECT \(Self.sessionColumns) FROM session WHERE ended_at IS NULL").first.map(Self.session) }
    }

    /// The revisions made in a session, oldest first.
    public func revisions(inSession name: String) throws -> [Revision] {
        try read { db in
            let session = try Self.session(db, named: name)
            return try db.execute("\(RevisionRows.select) WHERE r.session_id = $1 ORDER BY r.id", [.integer(session.id)]).all.map {
                RevisionRows.revision($0)
            }
        }
    }

    /// Throws ``StoreError/overlappingSession(name:other:)`` when a session from `start` to `end`
    /// (nil: still open) would overlap one that exists; meetings that only touch do not overlap.
    static func refuseOverlap(_ db: Statements, name: String, start: Timestamp, end: Timestamp?) throws {
        if let other = try db.execute(
            "SELECT name FROM session WHERE ($2::bigint IS NULL OR started_at < $2) AND (ended_at IS NULL OR ended_at > $1) ORDER BY started_at LIMIT 1",
            [.integer(start.microseconds), end.map { .integer($0.microseconds) } ?? .null]
        ).first {
            throw StoreError.overlappingSession(name: name, other: other.string(0))
        }
    }

    /// A session by name, inside a transaction.
    ///
    /// - Throws: ``StoreError/unknownSession(name:suggestion:)`` with the closest name.
    static func session(_ db: Statements, named name: String) throws -> Session {
        if let row = try db.execute("SELECT \(sessionColumns) FROM session WHERE name = $1", [.text(name)]).first { return session(row) }
        let names = try db.execute("SELECT name FROM session ORDER BY started_at").all.map { $0.string(0) }
        throw StoreError.unknownSession(name: name, suggestion: Suggestions.closestName(to: name, in: names))
    }
}
