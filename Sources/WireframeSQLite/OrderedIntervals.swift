import GRDB
import WireframeStore

extension SQLiteStore {
    /// ``updateScreens(_:documentId:number:screens:headHashes:path:)`` for a caller that has the
    /// head's screens in key order (the daemon, which stored the head): the new screens and the
    /// head's are walked side by side instead of looking each key up in a dictionary of a
    /// thousand. Both lists must be strictly in key order (canonical order); when either is not,
    /// the head's screens are looked up by key as before.
    static func updateScreens(
        _ db: Database, documentId: Int64, number: Int64, screens: [ScreenContent], headScreens: [ScreenContent], path: String,
        compressingPacks: Bool = true
    ) throws {
        guard screens.isStrictlyOrderedByKey, headScreens.isStrictlyOrderedByKey else {
            var hashes: [String: String] = Dictionary(minimumCapacity: headScreens.count)
            for screen in headScreens { hashes[screen.key] = screen.hash }
            try updateScreens(
                db, documentId: documentId, number: number, screens: screens, headHashes: hashes, path: path,
                compressingPacks: compressingPacks)
            return
        }
        let closeInterval = try intervalCloser(db, documentId: documentId, number: number, path: path)
        var packs = ScreenPacks.Writer(compressing: compressingPacks)
        var reader = ScreenPacks.Reader()
        var opened: [(key: String, versionId: Int64)] = []
        // The lists' elements are compared where they lie (their keys and hashes borrowed, not
        // copied): a copy of a screen retains and releases its hash and content, a write to each
        // of 2,000 objects scattered in the heap that the walk needs only for the few changed
        // screens. Closing and opening intervals needs the store, so the walk only notes what.
        var closing: [Int] = []  // positions in `headScreens`
        var opening: [Int] = []  // positions in `screens`
        screens.withUnsafeBufferPointer { screens in
            headScreens.withUnsafeBufferPointer { headScreens in
                var next = 0  // in `headScreens`
                for position in screens.indices {
                    // Head screens before this key are gone from the new version.
                    while next < headScreens.count, headScreens[next].key < screens[position].key {
                        closing.append(next)
                        next += 1
                    }
                    if next < headScreens.count, headScreens[next].key == screens[position].key {
                        let same = headScreens[next].hash == screens[position].hash
                        if !same { closing.append(next) }
                        next += 1
                        if same { continue }
                    }
                    opening.append(position)
                }
                while next < headScreens.count {
                    closing.append(next)
                    next += 1
                }
            }
        }
        // In the order the walk met them, as before: an interval's close before the next opened
        // version, so that the statements and any error are those of the walk.
        var nextClosing = 0
        for position in opening {
            let key = screens[position].key
            while nextClosing < closing.count, headScreens[closing[nextClosing]].key <= key {
                try closeInterval(headScreens[closing[nextClosing]].key)
                nextClosing += 1
            }
            opened.append((key, try versionId(db, of: screens[position], packs: &packs, reader: &reader)))
        }
        while nextClosing < closing.count {
            try closeInterval(headScreens[closing[nextClosing]].key)
            nextClosing += 1
        }
        try packs.finish(db)
        let insertInterval = try db.cachedStatement(
            sql: "INSERT INTO documentScreen (documentId, validFrom, screenKey, versionId) VALUES (?, ?, ?, ?)")
        for interval in opened {
            try insertInterval.execute(arguments: [documentId, number, interval.key, interval.versionId])
        }
    }
}
