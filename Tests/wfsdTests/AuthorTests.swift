import Foundation
import Testing
import WireframeDaemon
import WireframeSync

/// The author of an import: the option, then `WFS_AUTHOR`, then `USER`, then `LOGNAME`, then the
/// name that `/etc/passwd` gives the user id (read directly, never through the name service).
/// `wfsd` falls back the same way when its configuration names no author.
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

    /// The C library reads a user id as a number and ends lines at the line feed, so a `passwd`
    /// written with carriage returns, or with an id padded by zeros, names the same users.
    @Test func theUserIdIsANumberOnLinesEndedByCarriageReturnsToo() {
        let windows = "root:x:0:0:root:/root:/bin/bash\r\nada:x:1000:1000:Ada:/home/ada:/bin/bash\r\nbob:x:1001:1001::/home/bob:/bin/sh\r\n"
        #expect(Times.userName(uid: 0, passwd: windows) == "root")
        #expect(Times.userName(uid: 1000, passwd: windows) == "ada")
        #expect(Times.userName(uid: 1001, passwd: windows) == "bob")
        #expect(Times.userName(uid: 1002, passwd: windows) == nil)
        #expect(Times.userName(uid: 1000, passwd: "ada:x:01000:1000::/:/bin/sh\n") == "ada")
        #expect(Times.userName(uid: 1000, passwd: "ada:x:1000x:1000::/:/bin/sh\nbob:x::1000::/:/bin/sh\n") == nil)
    }

    @Test func theOptionThenTheEnvironmentThenTheUserId() {
        #expect(Times.author(explicit: "given", environment: ["WFS_AUTHOR": "env", "USER": "user"]) == "given")
        #expect(Times.author(explicit: "", environment: ["WFS_AUTHOR": "env", "USER": "user"]) == "env")
        #expect(Times.author(explicit: nil, environment: ["WFS_AUTHOR": "", "USER": "user"]) == "user")
        let passwd = String(decoding: FileManager.default.contents(atPath: "/etc/passwd") ?? Data(), as: UTF8.self)
        let expected = Times.userName(uid: getuid(), passwd: passwd) ?? "uid \(getuid())"
        #expect(Times.author(explicit: nil, environment: [:]) == expected)
        #expect(!expected.isEmpty)
        #expect(Times.author(explicit: nil, environment: ["LOGNAME": "login"]) == "login")
        #expect(Times.author(explicit: nil, environment: ["USER": "user", "LOGNAME": "login"]) == "user")
        #expect(Times.author(explicit: nil, environment: ["USER": "", "LOGNAME": ""]) == expected)
    }

    /// A service started without `User=` has neither `USER` nor `LOGNAME`: its revisions carry the
    /// same name as the same user's `wfs import`, not a name of the daemon's own.
    @Test func theDaemonNamesTheSameUserAsTheCommandLine() async throws {
        let empty = try await DaemonConfiguration.load(file: nil, flags: .init(), environment: [:])
        #expect(empty.author == Times.author(explicit: nil, environment: [:]))
        let login = try await DaemonConfiguration.load(file: nil, flags: .init(), environment: ["LOGNAME": "login"])
        #expect(login.author == "login")
        let configured = try await DaemonConfiguration.load(
            file: nil, flags: .init(), environment: ["WFS_AUTHOR": "team", "USER": "user"])
        #expect(configured.author == "team")
    }
}
