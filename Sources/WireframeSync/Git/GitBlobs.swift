import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One long-running `git cat-file --batch`: the bytes of blobs by object name, one request and
/// its answer at a time (cat-file answers each request before it reads the next one).
final class GitBlobs {
    private let process: Process
    private let input: FileHandle
    private let output: Int32
    private let outputPipe: Pipe
    /// Bytes read from cat-file: `buffer[start..<end]` are not consumed yet.
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private var start = 0
    private var end = 0

    /// Starts `git cat-file --batch`, with `options` after it.
    init(git: GitProcess, options: [String] = []) throws {
        let inputPipe = Pipe()
        outputPipe = Pipe()
        process = git.makeProcess(["cat-file", "--batch"] + options)
        process.standardInput = inputPipe
        process.standardOutput = outputPipe
        process.standardError = FileHandle.standardError
        try process.run()
        input = inputPipe.fileHandleForWriting
        output = outputPipe.fileHandleForReading.fileDescriptor
    }

    /// Ends cat-file (its input closed, it exits) and waits for it.
    func close() {
        try? input.close()
        process.waitUntilExit()
    }

    deinit {
        if process.isRunning { close() }
    }

    /// The bytes of the blob `name` (a full object name).
    ///
    /// - Throws: ``GitImportError/unexpectedOutput(command:)`` when cat-file does not answer
    ///   with that blob.
    func blob(_ name: String) throws -> [UInt8] {
        try input.write(contentsOf: Data((name + "\n").utf8))
        // "<name> blob <size>\n<bytes>\n", or "<name> missing\n".
        let header = try line()
        let fields = header.split(separator: " ")
        guard fields.count == 3, fields[1] == "blob", let size = Int(fields[2]), size >= 0 else {
            throw GitImportError.unexpectedOutput(command: "cat-file --batch")
        }
        let bytes = try take(size)
        guard try take(1) == [UInt8(ascii: "\n")] else { throw GitImportError.unexpectedOutput(command: "cat-file --batch") }
        return bytes
    }

    /// Asks cat-file for `request` (an object name, or `COMMIT:path`); the answer is read with
    /// ``line()`` and ``take(_:)``.
    func send(_ request: String) throws {
        try input.write(contentsOf: Data((request + "\n").utf8))
    }

    /// The next line of cat-file's output, without its newline.
    func line() throws -> String {
        var searched = start
        while true {
            if let newline = buffer[searched..<end].firstIndex(of: UInt8(ascii: "\n")) {
                let text = String(decoding: buffer[start..<newline], as: UTF8.self)
                start = newline + 1
                return text
            }
            searched = end
            // Keep the partial line at the front and read more after it.
            if start > 0 {
                buffer.withUnsafeMutableBytes { bytes in
                    guard let base = bytes.baseAddress else { return }
                    memmove(base, base + start, end - start)
                }
                searched -= start
                end -= start
                start = 0
            }
            if end == buffer.count { buffer.append(contentsOf: [UInt8](repeating: 0, count: buffer.count)) }
            let count = try readOutput(into: &buffer, at: end, count: buffer.count - end)
            guard count > 0 else { throw GitImportError.unexpectedOutput(command: "cat-file --batch") }
            end += count
        }
    }

    /// The next `count` bytes of cat-file's output: what is buffered, then read straight into
    /// the result.
    func take(_ count: Int) throws -> [UInt8] {
        var failure: (any Error)?
        let result = [UInt8](unsafeUninitializedCapacity: count) { target, initialized in
            let buffered = min(count, end - start)
            buffer.withUnsafeBytes { source in
                guard let from = source.baseAddress, let to = target.baseAddress, buffered > 0 else { return }
                UnsafeMutableRawPointer(to).copyMemory(from: from + start, byteCount: buffered)
            }
            start += buffered
            var filled = buffered
            while filled < count {
                let received = target.baseAddress.map { systemRead(output, $0 + filled, count - filled) } ?? -1
                if received < 0 && errno == EINTR { continue }
                guard received > 0 else {
                    failure = GitImportError.unexpectedOutput(command: "cat-file --batch")
                    break
                }
                filled += received
            }
            initialized = filled
        }
        if let failure { throw failure }
        return result
    }

    /// Reads cat-file's output into `buffer` at `offset`: how many bytes (0 at its end).
    private func readOutput(into buffer: inout [UInt8], at offset: Int, count: Int) throws -> Int {
        while true {
            let received = buffer.withUnsafeMutableBytes { bytes in
                bytes.baseAddress.map { systemRead(output, $0 + offset, count) } ?? -1
            }
            if received < 0 && errno == EINTR { continue }
            guard received >= 0 else { throw GitImportError.unexpectedOutput(command: "cat-file --batch") }
            return received
        }
    }
}

/// `read(2)`, named apart from the methods above.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
