/// Routes and tasks that exist without being defined.
public enum BuiltIns {
    /// Routes every wireframe has: `dismiss`, `pop`, `popToRoot`, `popToView`.
    public static let routes: [String] = ["dismiss", "pop", "popToRoot", "popToView"]

    /// Tasks every wireframe has: `pop`, `push` (param: a route name), `url` (param: an address).
    public static let tasks: [String] = ["pop", "push", "url"]

    /// Whether a name is a built-in route.
    public static func isRoute(_ name: String) -> Bool { routes.contains(name) }

    /// Whether a name is a built-in task.
    public static func isTask(_ name: String) -> Bool { tasks.contains(name) }
}
