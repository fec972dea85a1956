import EcholotCore

/// The root of the game state: the running level, achievements, story.
public enum GameKind {}
/// A level incarnation (FAA#20): entities, goals, view, status, time.
public enum LevelKind {}
/// The player's field of view within a level.
public enum ViewKind {}
/// Something placed around the player (FAA#9, FAA#15).
public enum EntityKind {}
/// An entity's directional sound (FAA#26–30).
public enum SoundKind {}
/// A goal of a level incarnation (FAA#19–22).
public enum GoalKind {}

/// The whole game state: one immutable tree.
public typealias GameState = Node<GameKind>
/// A level as stored in the state tree.
public typealias Level = Node<LevelKind>
/// The view as stored in a level.
public typealias View = Node<ViewKind>
/// An entity as stored in a level.
public typealias Entity = Node<EntityKind>
/// An entity's sound.
public typealias Sound = Node<SoundKind>
/// A goal as stored in a level.
public typealias Goal = Node<GoalKind>
