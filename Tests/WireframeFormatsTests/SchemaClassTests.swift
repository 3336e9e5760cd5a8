import Testing
import WireframeFormats

/// The class tests named case by case must answer as the walk up the superclasses does.
@Suite struct SchemaClassTests {
    @Test func isControllerAgreesWithTheSuperclasses() {
        for schemaClass in SchemaClass.allCases {
            let walked = schemaClass.isSubclass(of: .viewController) && schemaClass != .viewController
            #expect(schemaClass.isController == walked, "\(schemaClass)")
        }
        #expect(SchemaClass.allCases.filter(\.isController) == [.tabs, .navigation, .screen, .form, .table])
    }

    @Test func isGestureAgreesWithTheSuperclasses() {
        for schemaClass in SchemaClass.allCases {
            #expect(schemaClass.isGesture == schemaClass.isSubclass(of: .gesture), "\(schemaClass)")
        }
        #expect(SchemaClass.allCases.filter(\.isGesture) == [.gesture, .tapGesture, .longPressGesture, .swipeGesture])
    }
}
