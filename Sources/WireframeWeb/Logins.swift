import Crypto
import Foundation
import Hummingbird
import Synchronization

/// The people logged in to the pages: a random id per login, kept in memory, sent as an HttpOnly,
/// SameSite=Strict cookie. The cookie is never the token itself, so a leaked cookie dies with the
/// server or at logout, and the token stays in its file.
///
/// Each login has its own CSRF token, which every form carries: a POST is taken only with the
/// login's cookie and that login's token (a page of another site cannot read it).
final class Logins: Sendable {
    /// One person's login.
    struct Login: Sendable, Equatable {
        /// The token's name: the author of what this login writes.
        var name: String
        /// The value every form of this login carries.
        var csrfToken: String
        /// When it stops being valid.
        var expires: Date
    }

    /// The cookie's name.
    static let cookieName = "wfs_login"
    /// How long a login lasts.
    static let lifetime: TimeInterval = 12 * 3600
    /// The most logins kept; the oldest goes first beyond it.
    static let capacity = 10_000

    private let logins = Mutex<[String: Login]>([:])

    /// Starts a login for `name`; returns the cookie's value.
    func start(name: String, now: Date = Date()) -> (id: String, login: Login) {
        let id = Self.randomText()
        let login = Login(name: name, csrfToken: Self.randomText(), expires: now.addingTimeInterval(Self.lifetime))
        logins.withLock { logins in
            logins = logins.filter { $0.value.expires > now }
            if logins.count >= Self.capacity, let oldest = logins.min(by: { $0.value.expires < $1.value.expires }) {
                logins[oldest.key] = nil
            }
            logins[id] = login
        }
        return (id, login)
    }

    /// The login of a request's cookie, if it is one and still valid.
    func login(of request: Request, now: Date = Date()) -> Login? {
        guard let id = request.cookies[Self.cookieName]?.value, !id.isEmpty else { return nil }
        return logins.withLock { logins in
            guard let login = logins[id] else { return nil }
            guard login.expires > now else {
                logins[id] = nil
                return nil
            }
            return login
        }
    }

    /// Ends the login of a request's cookie.
    func end(_ request: Request) {
        guard let id = request.cookies[Self.cookieName]?.value else { return }
        _ = logins.withLock { $0.removeValue(forKey: id) }
    }

    /// 32 random bytes as URL-safe text (a cookie value and a form field need no escaping).
    static func randomText() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Whether two texts are equal, in a time that does not depend on where they differ.
    static func sameText(_ first: String, _ second: String) -> Bool {
        let first = Array(SHA256.hash(data: Data(first.utf8)))
        let second = Array(SHA256.hash(data: Data(second.utf8)))
        var difference: UInt8 = 0
        for index in 0..<first.count { difference |= first[index] ^ second[index] }
        return difference == 0
    }
}
