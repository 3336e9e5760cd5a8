import WireframeJSON

// The JSON forms of the answers live in WireframeJSON, shared with the web server (`wfs serve`);
// these names keep them where the commands and their tests have always found them.

typealias JSONOutput = WireframeJSON.JSONOutput
typealias JSONStream = WireframeJSON.JSONStream
typealias RevisionJSON = WireframeJSON.RevisionJSON
typealias DiagnosticJSON = WireframeJSON.DiagnosticJSON
typealias FieldJSON = WireframeJSON.FieldJSON
typealias AuditJSON = WireframeJSON.AuditJSON
typealias SessionJSON = WireframeJSON.SessionJSON
