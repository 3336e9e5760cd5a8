import Foundation

/// Values placed in links: percent-encoded, then HTML-escaped as every interpolated value is.
enum URLText {
    /// `value` as a query parameter's value (everything but unreserved characters encoded).
    static func query(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/")
}

extension URLText {
    /// `value` as one segment of a path (a `/` in it encoded too).
    static func pathSegment(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: segment) ?? ""
    }

    private static let segment = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
