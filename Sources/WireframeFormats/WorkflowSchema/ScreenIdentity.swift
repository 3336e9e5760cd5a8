/// How an unnamed controller of a `viewControllers` list is told from its siblings, so that its
/// key survives inserting, removing or moving a sibling (see `docs/WORKFLOWSCHEMA.md`).
///
/// The siblings are every ordinary controller of the list, named or not: the writer derives the
/// same keys from the controllers it writes, which it can do only if a name does not take a
/// controller out of the comparison. The tag comes first because it is structure: a screen known
/// by its tag keeps its key when its title is edited. Titles are compared among the siblings of
/// the same tag, which the key also holds, so a sibling of another tag never changes the key.
enum ScreenIdentity {
    /// Past this many siblings, tags and titles are counted in tables instead of compared in pairs.
    static let siblingsComparedInPairs = 16

    /// The key suffix of each sibling, compared with the siblings of the same tag: `.none` for
    /// the only one of its tag, or the only one of its tag without a title; `.title` for a title
    /// no other sibling of its tag has; else `.index(position)`. `titles` has "" for a sibling
    /// without one; `positions` are the siblings' places in their list, which positional keys
    /// have always used.
    static func suffixes(tags: [String], titles: [String], positions: [Int]) -> [SchemaMapper.PathSuffix] {
        let count = tags.count
        var suffixes: [SchemaMapper.PathSuffix] = []
        suffixes.reserveCapacity(count)
        func suffix(_ at: Int, sameTag: Int, untitledOfTag: Int, sameTitle: Int) -> SchemaMapper.PathSuffix {
            if sameTag == 1 { return .none }
            if titles[at].isEmpty { return untitledOfTag == 1 ? .none : .index(positions[at]) }
            return sameTitle == 1 ? .title(titles[at]) : .index(positions[at])
        }
        if count <= siblingsComparedInPairs {
            for at in 0..<count {
                var sameTag = 0
                var untitledOfTag = 0
                var sameTitle = 0
                for other in 0..<count where tags[other] == tags[at] {
                    sameTag += 1
                    if titles[other].isEmpty { untitledOfTag += 1 } else if titles[other] == titles[at] { sameTitle += 1 }
                }
                suffixes.append(suffix(at, sameTag: sameTag, untitledOfTag: untitledOfTag, sameTitle: sameTitle))
            }
            return suffixes
        }
        var tagCounts = [String: Int](minimumCapacity: count)
        var untitled = [String: Int]()
        var titleCounts = [TagTitle: Int](minimumCapacity: count)
        for at in 0..<count {
            tagCounts[tags[at], default: 0] += 1
            if titles[at].isEmpty {
                untitled[tags[at], default: 0] += 1
            } else {
                titleCounts[TagTitle(tag: tags[at], title: titles[at]), default: 0] += 1
            }
        }
        for at in 0..<count {
            suffixes.append(
                suffix(
                    at, sameTag: tagCounts[tags[at]] ?? 0, untitledOfTag: untitled[tags[at]] ?? 0,
                    sameTitle: titles[at].isEmpty ? 0 : titleCounts[TagTitle(tag: tags[at], title: titles[at])] ?? 0))
        }
        return suffixes
    }

    /// A tag and a title, counted together in long lists.
    private struct TagTitle: Hashable {
        var tag: String
        var title: String
    }
}
