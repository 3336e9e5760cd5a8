public import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// Tells systemd about the daemon's state (`sd_notify`): one datagram per message to the
/// `NOTIFY_SOCKET` unix socket. Does nothing when the variable is absent (not run by systemd).
public struct SystemdNotifier: Sendable {
    /// The socket address: a path, or an abstract name starting with `@`.
    public let socketPath: String?
    /// How often systemd expects `WATCHDOG=1`, if it asked for it (`WATCHDOG_USEC`, for this pid).
    public let watchdogInterval: Duration?

    /// Reads `NOTIFY_SOCKET`, `WATCHDOG_USEC` and `WATCHDOG_PID` from the environment.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let socket = environment["NOTIFY_SOCKET"].flatMap { $0.isEmpty ? nil : $0 }
        socketPath = socket
        var interval: Duration?
        if let text = environment["WATCHDOG_USEC"], let microseconds = Int64(text), microseconds > 0 {
            let forThisProcess = environment["WATCHDOG_PID"].flatMap(Int32.init).map { $0 == getpid() } ?? true
            if forThisProcess { interval = .microseconds(microseconds) }
        }
        watchdogInterval = interval
    }

    /// Whether systemd listens.
    public var isActive: Bool { socketPath != nil }

    /// `READY=1` with a status line.
    public func ready(status: String) { send("READY=1\nSTATUS=\(status)") }
    /// `STATUS=…`.
    public func status(_ text: String) { send("STATUS=\(text)") }
    /// `WATCHDOG=1`.
    public func watchdog() { send("WATCHDOG=1") }
    /// `RELOADING=1` with the monotonic time, before a configuration reload.
    public func reloading() {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        let microseconds = Int64(time.tv_sec) * 1_000_000 + Int64(time.tv_nsec) / 1000
        send("RELOADING=1\nMONOTONIC_USEC=\(microseconds)")
    }
    /// `STOPPING=1`.
    public func stopping() { send("STOPPING=1") }

    /// Sends one message; returns whether it was sent. Failures are ignored: the daemon's work
    /// does not depend on systemd hearing it.
    @discardableResult
    public func send(_ message: String) -> Bool {
        guard let socketPath else { return false }
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var pathBytes = Array(socketPath.utf8)
        let abstract = pathBytes.first == UInt8(ascii: "@")
        if abstract { pathBytes[0] = 0 }
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard pathBytes.count < capacity else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in pathBytes.enumerated() { raw[index] = byte }
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + pathBytes.count + (abstract ? 0 : 1))
        let payload = Array(message.utf8)
        let sent = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                payload.withUnsafeBytes { sendto(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL), socketAddress, length) }
            }
        }
        return sent == payload.count
    }
}
