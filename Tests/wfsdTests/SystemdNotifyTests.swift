import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The daemon speaks systemd's notify protocol to `NOTIFY_SOCKET`, as `Type=notify` units expect.
@Suite(.serialized)
struct SystemdNotifyTests {
    /// A datagram socket standing in for systemd's.
    final class NotifySocket {
        let path: String
        let descriptor: Int32
        private(set) var messages: [String] = []

        init() throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("wfsd-notify-\(UUID().uuidString.prefix(8))").path
            descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            let bytes = Array(path.utf8)
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                for (index, byte) in bytes.enumerated() { raw[index] = byte }
            }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            guard bound == 0 else { throw HarnessError.failed("cannot bind \(path)") }
        }

        deinit {
            close(descriptor)
            unlink(path)
        }

        /// Reads what has arrived.
        func drain() -> [String] {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                if count <= 0 { break }
                messages.append(String(decoding: buffer[0..<count], as: UTF8.self))
            }
            return messages
        }

        func received(_ prefix: String) -> Bool { drain().contains { $0.split(separator: "\n").contains { $0.hasPrefix(prefix) } } }
    }

    @Test func readyStatusWatchdogReloadingAndStopping() throws {
        let project = try Project()
        try project.write("app.json", wireframe(title: "One"))
        let notify = try NotifySocket()
        let daemon = try project.startDaemon(environment: ["NOTIFY_SOCKET": notify.path, "WATCHDOG_USEC": "200000"])
        try waitUntil("READY=1; got \(notify.messages)") { notify.received("READY=1") }
        #expect(notify.messages.contains { $0.contains("STATUS=watching 1 file") })
        try waitUntil("WATCHDOG=1; got \(notify.messages)") { notify.received("WATCHDOG=1") }

        try project.write("app.json", wireframe(title: "Two"))
        try waitUntil("STATUS= names the last import; got \(notify.messages)") {
            notify.drain().contains { $0.hasPrefix("STATUS=") && $0.contains("last import app.json stored") }
        }

        kill(daemon.process.processIdentifier, SIGHUP)
        try waitUntil("RELOADING=1 then READY=1; got \(notify.messages)") {
            let messages = notify.drain()
            guard let reloading = messages.lastIndex(where: { $0.hasPrefix("RELOADING=1") }) else { return false }
            return messages[reloading...].contains { $0.hasPrefix("READY=1") }
        }
        #expect(notify.messages.contains { $0.hasPrefix("RELOADING=1\nMONOTONIC_USEC=") })

        #expect(try daemon.stop() == 0)
        #expect(notify.received("STOPPING=1"))
    }
}
