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
    /// Bytes read from cat-file and not consumed yet: `buffer[start...]`.
    private var buffer: [UInt8] = []
    private var start = 0

    /// Starts `git cat-file --batch`.
    init(git: GitProcess) throws {
        let inputPipe = Pipe()
        outputPipe = Pipe()
        process = git.makeProcess(["cat-file", "--batch"])
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
        let bytes = try take(size + 1)
        guard bytes.last == UInt8(ascii: "\n") else { throw GitImportError.unexpectedOutput(command: "cat-file --batch") }
        return Array(bytes.dropLast())
    }

    /// The next line of cat-file's output, without its newline.
    private func line() throws -> String {
        while true {
            if let end = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                let text = String(decoding: buffer[start..<end], as: UTF8.self)
                start = end + 1
                return text
            }
            try fill()
        }
    }

    /// The next `count` bytes of cat-file's output.
    private func take(_ count: Int) throws -> ArraySlice<UInt8> {
        while buffer.count - start < count { try fill(atLeast: count - (buffer.count - start)) }
        let taken = buffer[start..<start + count]
        start += count
        return taken
    }

    /// Reads more of cat-file's output (at least `wanted` bytes' room), first dropping what was consumed.
    private func fill(atLeast wanted: Int = 0) throws {
        if start > 0 {
            buffer.removeFirst(start)
            start = 0
        }
        let chunk = max(1 << 16, wanted)
        let old = buffer.count
        buffer.reserveCapacity(old + chunk)
        var received = 0
        buffer.append(contentsOf: repeatElement(0, count: chunk))
        while true {
            received = buffer.withUnsafeMutableBytes { pointer in
                read(output, pointer.baseAddress.map { $0 + old }, chunk)
            }
            if received < 0, errno == EINTR { continue }
            break
        }
        buffer.removeLast(chunk - max(0, received))
        guard received > 0 else { throw GitImportError.unexpectedOutput(command: "cat-file --batch") }
    }
}
