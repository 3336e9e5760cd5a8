import Foundation
import Testing
import WireframeSync

/// The author of an import: the option, then `WFS_AUTHOR`, then `USER`, then the name that
/// `/etc/passwd` gives the user id (read directly, never through the name service).
@Suite struct AuthorTests {
    static let passwd = """
        root:x:0:0:root:/root:/bin/bash
        # a comment:x:1000:1000
        +nis:x:1000:1000::/:/bin/sh
        daemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin
        ada:x:1000:1000:Ada,,,:/home/ada:/bin/bash
        broken
        bob:x:10000:10000::/home/bob:/bin/sh

        """

    @Test func theNameOfAUserIdComesFromThePasswdText() {
        #expect(Times.userName(uid: 0, passwd: Self.passwd) == "root")
        #expect(Times.userName(uid: 1, passwd: Self.passwd) == "daemon")
        #expect(Times.userName(uid: 1000, passwd: Self.passwd) == "ada")
        #expect(Times.userName(uid: 10000, passwd: Self.passwd) == "bob")
        #expect(Times.userName(uid: 100, passwd: Self.passwd) == nil)
        #expect(Times.userName(uid: 54321, passwd: Self.passwd) == nil)
        #expect(Times.userName(uid: 0, passwd: "") == nil)
    }

    @Test func theOptionThenTheEnvironmentThenTheUserId() {
        #expect(Times.author(explicit: "given", environment: ["WFS_AUTHOR": "env", "USER": "user"]) == "given")
        #expect(Times.author(explicit: "", environment: ["WFS_AUTHOR": "env", "USER": "user"]) == "env")
        #expect(Times.author(explicit: nil, environment: ["WFS_AUTHOR": "", "USER": "user"]) == "user")
        let passwd = String(decoding: FileManager.default.contents(atPath: "/etc/passwd") ?? Data(), as: UTF8.self)
        let expected = Times.userName(uid: getuid(), passwd: passwd) ?? "uid \(getuid())"
        #expect(Times.author(explicit: nil, environment: [:]) == expected)
        #expect(!expected.isEmpty)
    }
}
