import Foundation
import Testing

@testable import WireframeSync

/// A file written into a clone replaces the file only while it still holds what was read: a
/// save made meanwhile, or a removal, is kept; the replacement keeps the file's mode and leaves
/// no temporary file behind.
struct ConfinedFolderTests {
    func folder() throws -> (ConfinedFolder, String) {
        let path = NSTemporaryDirectory() + "wfs-confined-" + UUID().uuidString
        return (try ConfinedFolder(path: path, writer: "wfs", folderName: "the project"), path)
    }

    func contents(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }

    @Test func aFileThatStillHoldsWhatWasReadIsReplacedAndKeepsItsMode() throws {
        let (folder, path) = try folder()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("old".utf8).write(to: URL(fileURLWithPath: path + "/a.json"))
        #expect(chmod(path + "/a.json", 0o640) == 0)
        #expect(try folder.write(Array("new".utf8), to: "a.json", unlessChangedFrom: Array("old".utf8)))
        #expect(try contents(path + "/a.json") == Array("new".utf8))
        let mode = try FileManager.default.attributesOfItem(atPath: path + "/a.json")[.posixPermissions] as? Int
        #expect(mode == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: path) == ["a.json"])
    }

    @Test func aFileSavedMeanwhileIsKept() throws {
        let (folder, path) = try folder()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("saved since".utf8).write(to: URL(fileURLWithPath: path + "/a.json"))
        #expect(try !folder.write(Array("merged".utf8), to: "a.json", unlessChangedFrom: Array("old".utf8)))
        #expect(try contents(path + "/a.json") == Array("saved since".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: path) == ["a.json"])
    }

    @Test func aFileRemovedMeanwhileStaysRemoved() throws {
        let (folder, path) = try folder()
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try !folder.write(Array("merged".utf8), to: "a.json", unlessChangedFrom: Array("old".utf8)))
        #expect(try FileManager.default.contentsOfDirectory(atPath: path).isEmpty)
    }

    @Test func theExchangeIsThereOnLinux() {
        // Without it the check and the rename are two steps; every Linux this runs on has it.
        #expect(ConfinedFolder.exchange != nil)
    }
}
