import XCTest
@testable import MaskEngine

/// Layers moved in the tree at a time (`Scene.move`, the language's `addSublayer` and
/// `removeFromSuperlayer`): the tree and the frames before and after the move.
final class SceneTreeTests: XCTestCase {
    /// A 40×20 canvas, two halves and a red dot in the left one.
    private func scene() throws -> (Scene, left: LayerID, right: LayerID, dot: LayerID) {
        var scene = blankScene(40, 20)
        let left = try scene.addLayer(layerState(frame: Rect(0, 0, 20, 20)), name: "left")
        let right = try scene.addLayer(layerState(frame: Rect(20, 0, 20, 20)), name: "right")
        let dot = try scene.addLayer(layerState(frame: Rect(2, 2, 6, 6), background: .red), to: left, name: "dot")
        return (scene, left, right, dot)
    }

    func testAMoveShowsFromItsTimeOn() throws {
        var (scene, left, right, dot) = try scene()
        try scene.move(dot, to: right, at: 0.5)
        XCTAssertEqual(scene.tree(at: 0.4).children[left.index], [dot])
        XCTAssertEqual(scene.tree(at: 0.5).children[right.index], [dot])
        XCTAssertEqual(scene.tree(at: 0.5).children[left.index], [])
        let before = try Renderer(scene: scene).render(at: 0.4)
        let after = try Renderer(scene: scene).render(at: 0.6)
        assertPixel(before, 4, 4, [255, 0, 0, 255])
        assertPixel(before, 24, 4, [0, 0, 0, 255])
        assertPixel(after, 4, 4, [0, 0, 0, 255])
        assertPixel(after, 24, 4, [255, 0, 0, 255], tolerance: 0)
    }

    func testRemovedLayersAreNotDrawnAndCanComeBack() throws {
        var (scene, left, _, dot) = try scene()
        try scene.move(dot, to: nil, at: 1)
        try scene.move(dot, to: left, at: 2)
        assertPixel(try Renderer(scene: scene).render(at: 1.5), 4, 4, [0, 0, 0, 255])
        assertPixel(try Renderer(scene: scene).render(at: 2), 4, 4, [255, 0, 0, 255])
        XCTAssertEqual(scene.tree(at: 1.5).roots.count, 2)
    }

    func testCyclesMasksAndTilesAreRefused() throws {
        var (scene, left, right, dot) = try scene()
        XCTAssertThrowsError(try scene.move(left, to: left, at: 0)) { error in
            XCTAssertEqual(error as? SceneError, .invalidTreeChange("layer left cannot be a sublayer of itself"))
        }
        XCTAssertThrowsError(try scene.move(left, to: dot, at: 0)) { error in
            XCTAssertEqual(error as? SceneError, .invalidTreeChange("layer left cannot be a sublayer of its own sublayer dot"))
        }
        // After the dot moves to the right half, the left half may go under the dot.
        try scene.move(dot, to: right, at: 1)
        XCTAssertNoThrow(try scene.move(left, to: dot, at: 2))
        let mask = try scene.addLayer(layerState(frame: Rect(0, 0, 5, 5)), to: right, name: "m")
        try scene.setMask(mask, of: right)
        XCTAssertThrowsError(try scene.move(mask, to: left, at: 3))
        let grid = try scene.addLayer(LayerState(kind: .grid), name: "g")
        let tiles = try scene.addTiles(to: grid, rows: 1, columns: 2, color: .blue)
        XCTAssertThrowsError(try scene.move(tiles[0], to: left, at: 3))
    }
}

/// Joining the tree and leaving it for a mask are tree changes too: `tree(at:)` alone
/// says what a frame shows.
final class TreeChangeTimelineTests: XCTestCase {
    func testALayerAddedLaterJoinsTheTreeAtItsDeclaredPlace() throws {
        var scene = blankScene(40, 20)
        let late = try scene.addLayer(layerState(frame: Rect(0, 0, 20, 20)), name: "late", at: 1)
        let early = try scene.addLayer(layerState(frame: Rect(20, 0, 20, 20)), name: "early")
        XCTAssertEqual(scene.treeChanges, [TreeChange(time: 1, layer: late, kind: .join)])
        XCTAssertEqual(scene.tree(at: 0.5).roots, [early])
        XCTAssertFalse(scene.tree(at: 0.5).hasJoined(late))
        // Declaration order, not joining order, decides what draws over what.
        XCTAssertEqual(scene.tree(at: 1).roots, [late, early])
        XCTAssertTrue(scene.tree(at: 1).contains(late))
    }

    func testTilesJoinWithTheirGrid() throws {
        var scene = blankScene(40, 20)
        let grid = try scene.addLayer(LayerState(kind: .grid), name: "g", at: 2)
        let tiles = try scene.addTiles(to: grid, rows: 1, columns: 2, color: .blue)
        XCTAssertEqual(scene.tree(at: 1).children[grid.index], [])
        XCTAssertEqual(scene.tree(at: 2).children[grid.index], tiles)
    }

    func testALayerMadeAMaskLaterLeavesTheTreeThen() throws {
        var scene = blankScene(40, 20)
        let owner = try scene.addLayer(layerState(frame: Rect(0, 0, 40, 20)), name: "owner")
        let holder = try scene.addLayer(layerState(frame: Rect(0, 0, 40, 20)), name: "holder")
        let dot = try scene.addLayer(layerState(frame: Rect(2, 2, 6, 6), background: .red), to: holder, name: "dot")
        try scene.setMask(dot, of: owner, at: 1)
        XCTAssertEqual(scene.treeChanges, [TreeChange(time: 1, layer: dot, kind: .becomeMask(owner: owner, superlayer: holder))])
        XCTAssertEqual(scene.tree(at: 0.9).children[holder.index], [dot])
        XCTAssertEqual(scene.tree(at: 1).children[holder.index], [])
        XCTAssertFalse(scene.tree(at: 1).contains(dot))
        XCTAssertTrue(scene.tree(at: 1).hasJoined(dot))
        // Made a mask as it is added: never in the tree, no change on the timeline.
        let other = try scene.addLayer(layerState(frame: Rect(0, 0, 5, 5)), to: holder, name: "other")
        try scene.setMask(other, of: holder)
        XCTAssertEqual(scene.treeChanges.count, 1)
        XCTAssertFalse(scene.tree(at: 0).contains(other))
    }

    func testOnlyMovesCountAsMoves() throws {
        var scene = blankScene(40, 20)
        let a = try scene.addLayer(layerState(frame: Rect(0, 0, 5, 5)), name: "a", at: 1)
        let b = try scene.addLayer(layerState(frame: Rect(0, 0, 5, 5)), name: "b")
        try scene.move(a, to: b, at: 2)
        XCTAssertEqual(scene.treeChanges.count, 2)
        XCTAssertEqual(scene.moveCount, 1)
    }
}
