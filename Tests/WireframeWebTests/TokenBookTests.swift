import Testing
import WireframeWeb

@Suite("The tokens file")
struct TokenBookTests {
    @Test
    func findsTheNameOfABearerTokenAndNothingForAWrongOrMissingOne() throws {
        let book = try TokenBook.parse("# team\nalice 0123456789abcdef0123\n\n  bob\tzyxwvutsrqponmlkjih  \n", file: "tokens")
        #expect(book.name(of: "0123456789abcdef0123") == "alice")
        #expect(book.name(ofAuthorization: "Bearer zyxwvutsrqponmlkjih") == "bob")
        #expect(book.name(ofAuthorization: "bearer zyxwvutsrqponmlkjih") == "bob")
        #expect(book.name(of: "0123456789abcdef012") == nil)
        #expect(book.name(ofAuthorization: "Basic 0123456789abcdef0123") == nil)
        #expect(book.name(ofAuthorization: nil) == nil)
        #expect(TokenBook.empty.name(of: "0123456789abcdef0123") == nil)
    }

    @Test(arguments: [
        ("alice\n", "tokens:1: expected 'name token'"),
        ("alice short\n", "tokens:1: the token of 'alice' is shorter than 16 characters"),
        ("alice 0123456789abcdef\nalice fedcba9876543210\n", "tokens:2: 'alice' has a token already"),
    ])
    func aMalformedLineIsNamedWithItsFileAndLine(text: String, message: String) {
        #expect {
            try TokenBook.parse(text, file: "tokens")
        } throws: { error in
            "\(error)".hasPrefix(message)
        }
    }
}
