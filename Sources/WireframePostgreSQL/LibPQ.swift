// swift-format-ignore-file: AlwaysUseLowerCamelCase
// (libpq's functions keep libpq's names.)
import CLibPQ

#if canImport(Glibc)
    import Glibc
#endif

/// libpq, loaded when a PostgreSQL store is first opened rather than linked into every process.
///
/// Linked, libpq brings some thirty libraries of its own (Kerberos, LDAP, TLS, …) into every `wfs`
/// process, and the dynamic loader then looks each of the Swift runtime's symbols up through all
/// of them: `wfs --version` took 17 ms instead of 4.9 ms, and every command on an SQLite store
/// paid it. Loaded here, with `RTLD_LOCAL`, only a command that opens a PostgreSQL store loads it,
/// and `wfs` stays buildable as a static executable. The functions below keep libpq's names and
/// signatures (`libpq-fe.h`, whose types `CLibPQ` still provides), so the code reads as libpq's
/// documentation does.
enum LibPQ {
    /// The functions this engine calls.
    struct Functions {
        let connectdbParams:
            @convention(c) (UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<UnsafePointer<CChar>?>?, Int32) -> OpaquePointer?
        let finish: @convention(c) (OpaquePointer?) -> Void
        let status: @convention(c) (OpaquePointer?) -> ConnStatusType
        let errorMessage: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
        let backendPID: @convention(c) (OpaquePointer?) -> Int32
        let exec: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> OpaquePointer?
        let execParams:
            @convention(c) (
                OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafePointer<Oid>?, UnsafePointer<UnsafePointer<CChar>?>?,
                UnsafePointer<Int32>?, UnsafePointer<Int32>?, Int32
            ) -> OpaquePointer?
        let resultStatus: @convention(c) (OpaquePointer?) -> ExecStatusType
        let resultErrorField: @convention(c) (OpaquePointer?, Int32) -> UnsafeMutablePointer<CChar>?
        let clear: @convention(c) (OpaquePointer?) -> Void
        let ntuples: @convention(c) (OpaquePointer?) -> Int32
        let ftype: @convention(c) (OpaquePointer?, Int32) -> Oid
        let getvalue: @convention(c) (OpaquePointer?, Int32, Int32) -> UnsafeMutablePointer<CChar>?
        let getlength: @convention(c) (OpaquePointer?, Int32, Int32) -> Int32
        let getisnull: @convention(c) (OpaquePointer?, Int32, Int32) -> Int32
        let cmdTuples: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
        let socket: @convention(c) (OpaquePointer?) -> Int32
        let consumeInput: @convention(c) (OpaquePointer?) -> Int32
        let notifies: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<PGnotify>?
        let freemem: @convention(c) (UnsafeMutableRawPointer?) -> Void

        /// Loads libpq and looks its functions up, or says why it cannot.
        static func load() -> Result<Functions, LoadError> {
            // The soname of every libpq since PostgreSQL 8.2; the unversioned name is the
            // development link, for a system that has only that.
            guard let library = dlopen("libpq.so.5", RTLD_NOW | RTLD_LOCAL) ?? dlopen("libpq.so", RTLD_NOW | RTLD_LOCAL) else {
                let reason = dlerror().map { String(cString: $0) } ?? "not found"
                return .failure(LoadError(reason: "libpq cannot be loaded (\(reason)); install it (Debian: libpq5)"))
            }
            func symbol<T>(_ name: String) throws(LoadError) -> T {
                guard let address = dlsym(library, name) else { throw LoadError(reason: "libpq has no \(name); it is too old") }
                return unsafeBitCast(address, to: T.self)
            }
            do {
                return .success(
                    Functions(
                        connectdbParams: try symbol("PQconnectdbParams"),
                        finish: try symbol("PQfinish"),
                        status: try symbol("PQstatus"),
                        errorMessage: try symbol("PQerrorMessage"),
                        backendPID: try symbol("PQbackendPID"),
                        exec: try symbol("PQexec"),
                        execParams: try symbol("PQexecParams"),
                        resultStatus: try symbol("PQresultStatus"),
                        resultErrorField: try symbol("PQresultErrorField"),
                        clear: try symbol("PQclear"),
                        ntuples: try symbol("PQntuples"),
                        ftype: try symbol("PQftype"),
                        getvalue: try symbol("PQgetvalue"),
                        getlength: try symbol("PQgetlength"),
                        getisnull: try symbol("PQgetisnull"),
                        cmdTuples: try symbol("PQcmdTuples"),
                        socket: try symbol("PQsocket"),
                        consumeInput: try symbol("PQconsumeInput"),
                        notifies: try symbol("PQnotifies"),
                        freemem: try symbol("PQfreemem")))
            } catch {
                return .failure(error)
            }
        }
    }

    /// Why libpq could not be loaded.
    struct LoadError: Error {
        var reason: String
    }

    /// libpq's functions, loaded on first use.
    static let loaded: Result<Functions, LoadError> = Functions.load()
}

// libpq's functions under their own names, through the loaded library. They shadow the
// declarations of `libpq-fe.h`, which are never linked. Every connection is made through
// `PQconnectdbParams`, which fails (nil) when libpq could not be loaded, so the others are only
// called once it is.

/// The library's functions, nil when it cannot be loaded (``LibPQ/loaded`` says why).
private let functions: LibPQ.Functions? = try? LibPQ.loaded.get()

func PQconnectdbParams(
    _ keywords: UnsafePointer<UnsafePointer<CChar>?>?, _ values: UnsafePointer<UnsafePointer<CChar>?>?, _ expandDbname: Int32
) -> OpaquePointer? {
    functions?.connectdbParams(keywords, values, expandDbname)
}
func PQfinish(_ conn: OpaquePointer?) { functions?.finish(conn) }
func PQstatus(_ conn: OpaquePointer?) -> ConnStatusType { functions?.status(conn) ?? CONNECTION_BAD }
func PQerrorMessage(_ conn: OpaquePointer?) -> UnsafeMutablePointer<CChar>? { functions?.errorMessage(conn) }
func PQbackendPID(_ conn: OpaquePointer?) -> Int32 { functions?.backendPID(conn) ?? 0 }
func PQexec(_ conn: OpaquePointer?, _ query: UnsafePointer<CChar>?) -> OpaquePointer? { functions?.exec(conn, query) }
func PQexecParams(
    _ conn: OpaquePointer?, _ command: UnsafePointer<CChar>?, _ nParams: Int32, _ paramTypes: UnsafePointer<Oid>?,
    _ paramValues: UnsafePointer<UnsafePointer<CChar>?>?, _ paramLengths: UnsafePointer<Int32>?, _ paramFormats: UnsafePointer<Int32>?,
    _ resultFormat: Int32
) -> OpaquePointer? {
    functions?.execParams(conn, command, nParams, paramTypes, paramValues, paramLengths, paramFormats, resultFormat)
}
func PQresultStatus(_ result: OpaquePointer?) -> ExecStatusType { functions?.resultStatus(result) ?? PGRES_FATAL_ERROR }
func PQresultErrorField(_ result: OpaquePointer?, _ fieldcode: Int32) -> UnsafeMutablePointer<CChar>? {
    functions?.resultErrorField(result, fieldcode)
}
func PQclear(_ result: OpaquePointer?) { functions?.clear(result) }
func PQntuples(_ result: OpaquePointer?) -> Int32 { functions?.ntuples(result) ?? 0 }
func PQftype(_ result: OpaquePointer?, _ field: Int32) -> Oid { functions?.ftype(result, field) ?? 0 }
func PQgetvalue(_ result: OpaquePointer?, _ row: Int32, _ field: Int32) -> UnsafeMutablePointer<CChar>? {
    functions?.getvalue(result, row, field)
}
func PQgetlength(_ result: OpaquePointer?, _ row: Int32, _ field: Int32) -> Int32 { functions?.getlength(result, row, field) ?? 0 }
func PQgetisnull(_ result: OpaquePointer?, _ row: Int32, _ field: Int32) -> Int32 { functions?.getisnull(result, row, field) ?? 1 }
func PQcmdTuples(_ result: OpaquePointer?) -> UnsafeMutablePointer<CChar>? { functions?.cmdTuples(result) }
func PQsocket(_ conn: OpaquePointer?) -> Int32 { functions?.socket(conn) ?? -1 }
func PQconsumeInput(_ conn: OpaquePointer?) -> Int32 { functions?.consumeInput(conn) ?? 0 }
func PQnotifies(_ conn: OpaquePointer?) -> UnsafeMutablePointer<PGnotify>? { functions?.notifies(conn) }
func PQfreemem(_ pointer: UnsafeMutableRawPointer?) { functions?.freemem(pointer) }
