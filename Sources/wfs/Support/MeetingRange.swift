import ArgumentParser

/// `--from MEETING [--to MEETING|now]`, as `audit` and `report` take them.
struct MeetingRange: ParsableArguments {
    @Option(help: "The earlier session, or a time (as 'wfs export --at' takes it).", completion: .storeSessions)
    var from: String

    @Option(help: "The later session, a time, or now.", completion: .storeSessionsOrNow)
    var to: String = "now"

    /// The later session's name; nil for now.
    var toSession: String? {
        to == "now" ? nil : to
    }
}
