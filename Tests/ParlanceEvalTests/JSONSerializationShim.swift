import Foundation

enum JSONSerializationShim {
    static func object(_ text: String) throws -> Any { try JSONSerialization.jsonObject(with: Data(text.utf8)) }
}
