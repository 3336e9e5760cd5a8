import Foundation
import Testing
import WireframeStore
import WireframeSync

/// Where a command finds its store, and the paths it works with.
@Suite("Store location")
struct StoreLocationTests {
    @Test func absolutePathsAreResolvedAsText() {
        #expect(StoreLocation.absolute("/") == "/")
        #expect(StoreLocation.absolute("//") == "/")
        #expect(StoreLocation.absolute("/..") == "/")
        #expect(StoreLocation.absolute("/a/../..") == "/")
        #expect(StoreLocation.absolute("/a") == "/a")
        #expect(StoreLocation.absolute("/a/./b/../c/") == "/a/c")
        #expect(StoreLocation.absolute("//x//y///z") == "/x/y/z")
        #expect(StoreLocation.absolute("/é/ü 漢/./x") == "/é/ü 漢/x")
        let current = FileManager.default.currentDirectoryPath
        #expect(StoreLocation.absolute("") == StoreLocation.absolute(current))
        #expect(StoreLocation.absolute(".") == StoreLocation.absolute(current))
        #expect(StoreLocation.absolute("a/b") == StoreLocation.absolute(current + "/a/b"))
        #expect(StoreLocation.absolute("a/b").hasSuffix("/a/b"))
    }

    @Test func anExplicitPathWinsOverTheEnvironmentWhichWinsOverTheSearch() throws {
        let root = NSTemporaryDirectory() + "wfs-location-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/.wfs", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/deep/er", withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: root + "/.wfs/store.sqlite", contents: Data()))
        let found = StoreLocation.absolute(root) + "/.wfs/store.sqlite"
        #expect(try StoreLocation.find(explicit: nil, environment: [:], from: root + "/deep/er") == found)
        #expect(try StoreLocation.find(explicit: "", environment: ["WFS_STORE": ""], from: root + "/deep/er") == found)
        #expect(
            try StoreLocation.find(explicit: nil, environment: ["WFS_STORE": "/elsewhere/s.sqlite"], from: root) == "/elsewhere/s.sqlite")
        #expect(
            try StoreLocation.find(explicit: "/given/./s.sqlite", environment: ["WFS_STORE": "/elsewhere/s.sqlite"], from: root)
                == "/given/s.sqlite")
        #expect(throws: StoreError.self) { try StoreLocation.find(explicit: nil, environment: [:], from: "/") }
    }

    @Test func aPostgreSQLURLIsPassedOnAsGivenAndShownWithoutItsPassword() throws {
        let url = "postgresql://ada:s3cret@db.example/team?sslmode=require&options=-csearch_path%3Dshop"
        #expect(try StoreLocation.find(explicit: url, environment: [:], from: "/") == url)
        #expect(try StoreLocation.find(explicit: nil, environment: ["WFS_STORE": "postgres://db/team"], from: "/") == "postgres://db/team")
        #expect(StoreLocation.forInit(explicit: url, root: "/projects/shop", environment: [:]) == url)
        #expect(StoreLocation.isURL(url) && StoreLocation.isURL("POSTGRES://db/team") && !StoreLocation.isURL("store.sqlite"))
        #expect(StoreLocation.shown(url) == "postgresql://ada@db.example/team?sslmode=require&options=-csearch_path%3Dshop")
        #expect(StoreLocation.shown("/projects/shop/.wfs/store.sqlite") == "/projects/shop/.wfs/store.sqlite")
    }
}
