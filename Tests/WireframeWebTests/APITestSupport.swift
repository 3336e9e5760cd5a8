import Foundation
import Testing
import WireframeTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The built `wfs`, run as a person would: what the API must give is what it prints.
enum BuiltCLI {
    static let packageRoot = URL(filePath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `wfs` binary next to the running test bundle (its build folder), else in `.build/debug`.
    static func executable() throws -> String {
        var candidates: [String] = []
        var folder = Bundle.main.bundleURL
        for _ in 0..<3 {
            candidates.append(folder.appending(path: "wfs").path)
            folder = folder.deletingLastPathComponent()
        }
        candidates.append(packageRoot.appending(path: ".build/debug/wfs").path)
        let found = candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
        return try #require(found, "the wfs executable is not built; looked at \(candidates)")
    }

    /// Runs `wfs ARGUMENTS --store LOCATION --root ROOT` in the project's root.
    static func run(_ arguments: [String], project: WebTestProject) throws -> ChildRun {
        try ChildProcess.run(
            try executable(), arguments + ["--store", project.location, "--root", project.root], in: project.root,
            environment: ChildProcess.environment(["NO_COLOR": nil]))
    }
}

/// A raw HTTP connection to a live test server, for a response that does not end (an event stream).
final class RawConnection {
    private let descriptor: Int32
    private(set) var received = ""

    init(port: Int, request: String) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        try #require(connected == 0, "cannot connect to the test server on port \(port)")
        let bytes = Array(request.utf8)
        try #require(write(descriptor, bytes, bytes.count) == bytes.count)
    }

    deinit {
        close(descriptor)
    }

    /// Reads until what was received contains `text`; false when `seconds` pass first. It waits
    /// between short polls rather than in one, so that it never holds a thread of the pool the
    /// server in this process answers on.
    func read(until text: String, seconds: Double = 20) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !received.contains(text) {
            if deadline.timeIntervalSinceNow <= 0 { return false }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 0) > 0 else {
                try? await Task.sleep(for: .milliseconds(20))
                continue
            }
            let count = Glibc.read(descriptor, &buffer, buffer.count)
            if count <= 0 { return received.contains(text) }
            received += String(decoding: buffer[0..<count], as: UTF8.self)
        }
        return true
    }
}
