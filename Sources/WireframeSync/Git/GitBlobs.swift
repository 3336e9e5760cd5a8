import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One long-running `git cat-file --batch`: the bytes of a list of blobs, in order, or of one
/// request at a time (``send(_:)``, then ``line()`` and ``take(_:)``). The names of a list are
/// asked for a few ahead of the one read, so that git finds and inflates the next blobs while
/// this process works on the current one.
final class GitBlobs {
    private let process: Process
    private let ended: ProcessExit
    private let input: FileHandle
    private let output: Int32
    private let outputPipe: Pipe
    /// The blobs to read, in order; `names[..<asked]` have been asked for, `names[..<next]` read.
    /// (Read by one thread at a time, one call at a time: these fields, read for every line and
    /// blob, are not checked for exclusivity at run time.)
    private let names: [String]
    @exclusivity(unchecked) private var asked = 0
    @exclusivity(unchecked) private var next = 0
    /// Bytes read from cat-file: `buffer[start..<end]` are not consumed yet.
    @exclusivity(unchecked) private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    @exclusivity(unchecked) private var start = 0
    @exclusivity(unchecked) private var end = 0

    /// How many names are asked for ahead of the blob being read: their lines stay far below what
    /// cat-file's input pipe holds, so that writing them never waits on cat-file, which may
    /// itself be waiting for its answers to be read.
    static let lookahead = 16

    /// Starts `git cat-file --batch` (with `options` after it) for these blobs (full object
    /// names), to be read in order; with no names, for requests one at a time.
    init(git: GitProcess, names: [String] = [], options: [String] = []) throws {
        let inputPipe = Pipe()
        outputPipe = Pipe()
        process = git.makeProcess(["cat-file", "--batch"] + options)
        process.standardInput = inputPipe
        process.standardOutput = outputPipe
        process.standardError = FileHandle.standardError
        ended = ProcessExit(of: process)
        try process.run()
        input = inputPipe.fileHandleForWriting
        output = outputPipe.fileHandleForReading.fileDescriptor
        self.names = names
        // A larger pipe (where the system allows it) holds the blobs asked for ahead: a blob of
        // 200 KB otherwise crosses the default 64 KB pipe in four waits for git.
        _ = fcntl(output, pipeSizeCommand, 1 << 20)
    }

    /// Ends cat-file (its input closed, it exits) and waits for it.
    func close() {
        try? input.close()
        // Its answers to names asked for ahead and never read are drained, so that it can exit.
        try? outputPipe.fileHandleForReading.close()
        ended.wait()
    }

    deinit {
        if process.isRunning { close() }
    }

    /// The bytes of the next blob of the list, `name`.
    ///
    /// - Throws: ``GitImportError/unexpectedOutput(command:)`` when `name` is not the next one or
    ///   cat-file does not answer with that blob.
    func blob(_ name: String) throws -> [UInt8] {
        guard next < names.count, names[next] == name else { throw GitImportError.unexpectedOutput(command: "cat-file --batch") }
        let wanted = min(names.count, next + 1 + Self.lookahead)
        if asked < wanted {
            try input.write(contentsOf: Data(names[asked..<wanted].map { $0 + "\n" }.joined().utf8))
            asked = wanted
        }
        next += 1
        // "<name> blob <size>\n<bytes>\n", or "<name> missing\n".
        let header = try line()
        let fields = header.split(separator: " ")
        guard fields.count == 3, fields[0] == name, fields[1] == "blob", let size = Int(fields[2]), size >= 0 else {
            throw GitImportError.unexpectedOutput(command: "cat-file --batch")
        }
        let bytes = try take(size)
        guard try take(1) == [UInt8(ascii: "\n")] else { throw GitImportError.unexpectedOutput(command: "cat-file --batch") }
        return bytes
    }

    /// Asks cat-file for `request` (an object name, or `COMMIT:path`) of a process started with
    /// no names; the answer is read with ``line()`` and ``take(_:)``.
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

/// `F_SETPIPE_SZ` (Linux), which Glibc does not export.
private let pipeSizeCommand: Int32 = 1031

/// `read(2)`, named apart from the methods above.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
