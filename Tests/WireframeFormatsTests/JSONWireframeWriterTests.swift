import Testing
import WireframeFormats
import WireframeModel

@Suite("JSON wireframe writer")
struct JSONWireframeWriterTests {
    private func wireframe(_ text: String) throws -> Wireframe {
        let (wireframe, diagnostics) = JSONWireframeReader().read(Array(text.utf8))
        #expect(diagnostics.isEmpty)
        return try #require(wireframe)
    }

    @Test func prettyTextIsIndentedInFixedKeyOrderWithAFinalNewline() throws {
        let input = try wireframe(
            #"{"routes":[{"dependencies":["x"],"subroutes":[{"name":"a","title":"A","type":"list","items":["i"]}],"title":"H","name":"home"}],"root":"home","appName":"A"}"#
        )
        #expect(
            JSONWireframeWriter().prettyText(input) == """
                {
                  "appName": "A",
                  "formatVersion": 1,
                  "root": "home",
                  "routes": [
                    {
                      "name": "home",
                      "title": "H",
                      "type": "view",
                      "subroutes": [
                        "a"
                      ],
                      "dependencies": [
                        "x"
                      ]
                    },
                    {
                      "name": "a",
                      "title": "A",
                      "type": "list",
                      "items": [
                        "i"
                      ]
                    }
                  ]
                }

                """)
    }

    @Test func documentBytesFromHeaderAndScreensEqualTheWholeDocumentsBytes() throws {
        let writer = JSONWireframeWriter()
        for text in [
            #"{"appName":"A","root":"home","routes":[]}"#,
            #"{"appName":"A","root":"home","locale":"fr","routes":[{"name":"home","title":"H","subroutes":["a"]},{"name":"a","title":"A","type":"list","items":["i"]}]}"#,
            #"{"appName":"A \"q\"","root":"home","navigations":[{"name":"tabs","buttons":[{"title":"T","target":"home"}]}],"routes":[{"name":"home","title":"H","properties":{"z":"1"},"elements":[{"kind":"button","task":"url","param":"u"}]}]}"#,
        ] {
            let input = try wireframe(text)
            let spliced = writer.canonicalBytes(
                header: writer.canonicalHeaderBytes(input), screens: input.screens.map { writer.canonicalBytes(screen: $0) })
            #expect(spliced == writer.canonicalBytes(input), "\(text)")
        }
        #expect(writer.canonicalBytes(header: Array("{}".utf8), screens: []) == nil)
        #expect(writer.canonicalBytes(header: Array("[1]".utf8), screens: []) == nil)
    }

    @Test func stringsAreEscapedOnlyWhereJSONRequires() throws {
        let input = try wireframe(#"{"appName":"q\"b\\s/n\nt\tr\rc\u0001d\u007Fé🙂\u2028","root":"r","routes":[]}"#)
        let bytes = String(decoding: JSONWireframeWriter().canonicalBytes(input), as: UTF8.self)
        #expect(
            bytes == "{\"appName\":\"q\\\"b\\\\s/n\\nt\\tr\\rc\\u0001d\u{7F}é🙂\u{2028}\",\"formatVersion\":1,\"root\":\"r\",\"routes\":[]}")
        // And they read back as they were.
        let (reread, diagnostics) = JSONWireframeReader().read(JSONWireframeWriter().canonicalBytes(input))
        #expect(diagnostics.isEmpty)
        #expect(reread?.appName == "q\"b\\s/n\nt\tr\rc\u{1}d\u{7F}é🙂\u{2028}")
    }

    @Test func outputIsDeterministic() throws {
        let input = try wireframe(
            #"{"appName":"A","root":"home","routes":[{"name":"home","title":"H","properties":{"z":"1","a":"2","m":"3"},"elements":[{"kind":"button","properties":{"y":"1","b":"2"},"task":"url","param":"u"}]}]}"#
        )
        let first = JSONWireframeWriter().canonicalBytes(input)
        for _ in 0..<20 { #expect(JSONWireframeWriter().canonicalBytes(input) == first) }
        #expect(String(decoding: first, as: UTF8.self).contains(#""properties":{"a":"2","m":"3","z":"1"}"#))
        #expect(
            String(decoding: first, as: UTF8.self).contains(#"{"kind":"button","task":"url","param":"u","properties":{"b":"2","y":"1"}}"#))
    }
}
