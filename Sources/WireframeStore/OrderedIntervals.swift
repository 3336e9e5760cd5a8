import GRDB

extension WireframeStore {
    /// ``updateScreens(_:documentId:number:screens:headHashes:path:)`` for a caller that has the
    /// head's screens in key order (the daemon, which stored the head): the new screens and the
    /// head's are walked side by side instead of looking each key up in a dictionary of a
    /// thousand. Both lists must be strictly in key order (canonical order); when either is not,
    /// the head's screens are looked up by key as before.
    static func updateScreens(_ db: Database, documentId: Int64, number: Int64, screens: [ScreenContent], headScreens: [ScreenContent], path: String) throws {
        guard isStrictlyOrdered(screens), isStrictlyOrdered(headScreens) else {
            var hashes: [String: String] = Dictionary(minimumCapacity: headScreens.count)
            for screen in headScreens { hashes[screen.key] = screen.hash }
            try updateScreens(db, documentId: documentId, number: number, screens: screens, headHashes: hashes, path: path)
            return
        }
        let closeInterval = try intervalCloser(db, documentId: documentId, number: number, path: path)
        var packs = ScreenPacks.Writer()
        var reader = ScreenPacks.Reader()
        var opened: [(key: String, versionId: Int64)] = []
        var next = 0  // in `headScreens`
        for screen in screens {
            // Head screens before this key are gone from the new version.
            while next < headScreens.count, headScreens[next].key < screen.key {
                try closeInterval(headScreens[next].key)
                next += 1
            }
            if next < headScreens.count, headScreens[next].key == screen.key {
                let current = headScreens[next].hash
                next += 1
                if current == screen.hash { continue }
                try closeInterval(screen.key)
            }
            opened.append((screen.key, try versionId(db, of: screen, packs: &packs, reader: &reader)))
        }
        while next < headScreens.count {
            try closeInterval(headScreens[next].key)
            next += 1
        }
        try packs.finish(db)
        let insertInterval = try db.cachedStatement(
            sql: "INSERT INTO documentScreen (documentId, validFrom, screenKey, versionId) VALUES (?, ?, ?, ?)")
        for interval in opened {
            try insertInterval.execute(arguments: [documentId, number, interval.key, interval.versionId])
        }
    }

    private static func isStrictlyOrdered(_ screens: [ScreenContent]) -> Bool {
        var index = 1
        while index < screens.count {
            guard screens[index - 1].key < screens[index].key else { return false }
            index += 1
        }
        return true
    }
}
