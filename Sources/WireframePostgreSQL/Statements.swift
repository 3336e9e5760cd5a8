import CLibPQ
import WireframeStore

/// A value sent with a statement: text and numbers in PostgreSQL's text form, bytes in binary.
package enum Parameter {
    case text(String)
    case integer(Int64)
    case bytes([UInt8])
    case null

    /// Text, or NULL for nil.
    static func text(_ value: String?) -> Parameter { value.map { .text($0) } ?? .null }
    /// An integer, or NULL for nil.
    static func integer(_ value: Int64?) -> Parameter { value.map { .integer($0) } ?? .null }
    /// Bytes, or NULL for nil.
    static func bytes(_ value: [UInt8]?) -> Parameter { value.map { .bytes($0) } ?? .null }

    /// A `text[]` in PostgreSQL's array syntax (`{"a","b",NULL}`), for `unnest($1::text[])`:
    /// a statement for a thousand screens instead of a thousand statements.
    static func textArray(_ values: [String?]) -> Parameter {
        var literal = "{"
        for (index, value) in values.enumerated() {
            if index > 0 { literal += "," }
            guard let value else {
                literal += "NULL"
                continue
            }
            literal += "\""
            for character in value.unicodeScalars {
                if character == "\"" || character == "\\" { literal += "\\" }
                literal.unicodeScalars.append(character)
            }
            literal += "\""
        }
        return .text(literal + "}")
    }

    /// A `bigint[]` in PostgreSQL's array syntax.
    static func integerArray(_ values: [Int64]) -> Parameter {
        .text("{" + values.map(String.init).joined(separator: ",") + "}")
    }
}

/// The statements of one transaction (or of one statement outside any) on a connection.
package struct Statements {
    let handle: OpaquePointer
    /// The store's location as shown, for errors.
    let location: String

    /// Runs a statement and returns its rows (results in binary form: bytes as they are).
    @discardableResult
    package func execute(_ sql: String, _ parameters: [Parameter] = []) throws -> Rows {
        var values: [[UInt8]?] = []
        var formats: [Int32] = []
        for parameter in parameters {
            switch parameter {
            case .text(let text):
                values.append(Array(text.utf8) + [0])
                formats.append(0)
            case .integer(let value):
                values.append(Array(String(value).utf8) + [0])
                formats.append(0)
            case .bytes(let bytes):
                values.append(bytes)
                formats.append(1)
            case .null:
                values.append(nil)
                formats.append(0)
            }
        }
        let result = withParameterPointers(values) { pointers, lengths in
            PQexecParams(handle, sql, Int32(values.count), nil, pointers, lengths, formats, 1)
        }
        guard let result else { throw StoreError.unavailable(location: location, reason: Connection.message(handle)) }
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK:
            return Rows(result: result)
        default:
            let error = ServerError(result: result, connection: handle)
            PQclear(result)
            throw error.storeError(location: location, statement: sql)
        }
    }

    /// Runs several statements without parameters and without results (a migration's SQL).
    package func script(_ sql: String) throws {
        guard let result = PQexec(handle, sql) else {
            throw StoreError.unavailable(location: location, reason: Connection.message(handle))
        }
        defer { PQclear(result) }
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY: return
        default: throw ServerError(result: result, connection: handle).storeError(location: location, statement: sql)
        }
    }

    /// The number of rows a statement changed.
    @discardableResult
    package func update(_ sql: String, _ parameters: [Parameter] = []) throws -> Int {
        let rows = try execute(sql, parameters)
        return PQcmdTuples(rows.result).flatMap { Int(String(cString: $0)) } ?? 0
    }

    private func withParameterPointers<T>(
        _ values: [[UInt8]?], _ body: (UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?) -> T
    ) -> T {
        let count = values.count
        let pointers = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: max(1, count))
        let lengths = UnsafeMutablePointer<Int32>.allocate(capacity: max(1, count))
        var buffers: [UnsafeMutableRawBufferPointer] = []
        defer {
            for buffer in buffers { buffer.deallocate() }
            pointers.deallocate()
            lengths.deallocate()
        }
        for (index, value) in values.enumerated() {
            guard let value else {
                pointers[index] = nil
                lengths[index] = 0
                continue
            }
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, value.count), alignment: 1)
            buffer.copyBytes(from: value)
            buffers.append(buffer)
            pointers[index] = UnsafePointer(buffer.baseAddress?.assumingMemoryBound(to: CChar.self))
            lengths[index] = Int32(value.count)
        }
        return body(pointers, lengths)
    }
}

/// The rows of a statement's result, read in PostgreSQL's binary form by column type.
package final class Rows {
    let result: OpaquePointer
    /// How many rows.
    package let count: Int

    init(result: OpaquePointer) {
        self.result = result
        self.count = Int(PQntuples(result))
    }

    deinit { PQclear(result) }

    /// The row at an index.
    package subscript(index: Int) -> Row { Row(rows: self, index: Int32(index)) }

    /// Every row, in order.
    package var all: [Row] { (0..<count).map { self[$0] } }

    /// The first row, if any.
    package var first: Row? { count > 0 ? self[0] : nil }
}

/// One row of ``Rows``: values by column position.
package struct Row {
    let rows: Rows
    let index: Int32

    /// Whether the column is NULL.
    package func isNull(_ column: Int) -> Bool { PQgetisnull(rows.result, index, Int32(column)) == 1 }

    /// The raw bytes of a column (empty for NULL).
    private func raw(_ column: Int) -> UnsafeRawBufferPointer {
        let length = Int(PQgetlength(rows.result, index, Int32(column)))
        guard let pointer = PQgetvalue(rows.result, index, Int32(column)) else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: pointer, count: length)
    }

    /// An integer column (`bigint`, `integer`, `smallint`); 0 for NULL.
    package func int64(_ column: Int) -> Int64 {
        let bytes = raw(column)
        var value: Int64 = 0
        switch PQftype(rows.result, Int32(column)) {
        case 21:  // smallint
            for byte in bytes { value = value << 8 | Int64(byte) }
            return Int64(Int16(truncatingIfNeeded: value))
        case 23:  // integer
            for byte in bytes { value = value << 8 | Int64(byte) }
            return Int64(Int32(truncatingIfNeeded: value))
        case 20:  // bigint
            for byte in bytes { value = value << 8 | Int64(byte) }
            return value
        default:
            return Int64(string(column)) ?? 0
        }
    }

    /// An integer column, nil for NULL.
    package func optionalInt64(_ column: Int) -> Int64? { isNull(column) ? nil : int64(column) }

    /// A text column (UTF-8); empty for NULL.
    package func string(_ column: Int) -> String {
        let bytes = raw(column)
        // jsonb's binary form is a version byte before its text.
        if PQftype(rows.result, Int32(column)) == 3802, !bytes.isEmpty {
            return String(decoding: bytes.dropFirst(), as: UTF8.self)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A text column, nil for NULL.
    package func optionalString(_ column: Int) -> String? { isNull(column) ? nil : string(column) }

    /// A `bytea` column's bytes; empty for NULL.
    package func bytes(_ column: Int) -> [UInt8] { Array(raw(column)) }

    /// A `bytea` column's bytes, nil for NULL.
    package func optionalBytes(_ column: Int) -> [UInt8]? { isNull(column) ? nil : bytes(column) }

    /// A `boolean` column; false for NULL.
    package func bool(_ column: Int) -> Bool { raw(column).first == 1 }
}
