---@meta echolot
-- Type annotations for the Echolot rules API, for the Lua language server (LuaLS):
-- add this folder to `workspace.library` and `echolot.*`, specs, foci and `ctx`
-- autocomplete. This file is never run; the engine provides the real `echolot`.

---A value the state can hold: nil, boolean, integer, float, string, list or map.
---@alias echolot.Value nil|boolean|integer|number|string|table

---An action: its name and its payload's fields (read-only).
---@class echolot.Action
---@field name string The action's name: `tick`, `entity.selected`, `pack.doorOpened`, …
---@field dt? number Seconds, for `tick`.
---@field id? string The entity (`entity.selected`, `selectEntity`), goal (`goal.met`, `goal.failed`) or achievement (`achievement.earned`).
---@field azimuth? number Degrees, for `turnTo`, `moveTo` and `selection.missed`.
---@field degrees? number Degrees, for `turnBy`.
---@field elevation? number Degrees, for `tiltTo` and `moveTo`.
---@field hour? integer For `clock`.
---@field minute? integer For `clock`.
---@field [string] echolot.Value Any other payload field.

---An entity's directional sound.
---@class echolot.Sound
---@field file string Path inside the pack's `sounds/` folder.
---@field volume number Linear gain, 0…4.
---@field loop boolean Whether it repeats.
---@field pitch number Playback rate, 0.25…4.
---@field rolloff number Distance attenuation factor.
---@field playing boolean Whether it sounds at all.

---A non-directional sound: one of the level's ambience, or its music.
---@class echolot.Ambient
---@field file string Path inside the pack's `sounds/` folder.
---@field volume number Linear gain, 0…4.
---@field loop boolean Whether it repeats.

---A behaviour entry of an entity: `{type = name, …parameters}`.
---@class echolot.RuleEntry
---@field type string The rule's name.
---@field id? string
---@field [string] echolot.Value Its parameters.

---An entity: the focus of a behaviour, usable only during the call it was passed to
---(keep `ctx.id`, not the table).
---@class echolot.Entity
---@field id string Unique within the level.
---@field name string Display name.
---@field glyph string One character that draws it.
---@field tags string[] Tags for goals and statistics: non-empty strings.
---@field azimuth number Degrees clockwise from ahead, in [0, 360).
---@field elevation number Degrees up, in [−90, 90].
---@field distance number Metres from the listener.
---@field sound? echolot.Sound Its directional sound.
---@field selectable boolean Whether `select` can pick it.
---@field found boolean Whether the player has selected it.
---@field behaviours echolot.RuleEntry[] Its behaviours.
---@field actions table[] Actions it dispatches when selected.
---@field [string] echolot.Value Attributes of your own.

---A goal: the focus of a goal rule. Its level entry's parameters are fields of it, too, as
---the level file writes them (no defaults; `2.0` stays a float): read them from ctx.params.
---@class echolot.Goal
---@field id string Unique within the level.
---@field type string The goal rule's name.
---@field state "pending"|"met"|"failed" Changing it announces goal.met / goal.failed.
---@field deadline? number The level time (as ctx.time) by which the goal must be met; players hear it run out. Set it to nil once it no longer counts.
---@field [string] echolot.Value Parameters and fields of your own.

---The field of view.
---@class echolot.View
---@field center number The azimuth the player faces, in [0, 360).
---@field elevation number The elevation the player faces, in [−90, 90].
---@field width number Width of the field of view in degrees, 1…360.
---@field selectTolerance number How far off-center a selection may be, 0…180 degrees.
---@field visuals "shown"|"faded"|"hidden"

---The level being played (read-only outside a reducer's focus).
---@class echolot.Level
---@field id string
---@field name string
---@field description? string The briefing text.
---@field seed integer The seed of the level's random generator.
---@field background? table `{image?, glyph?}` as the level file gives it.
---@field ambience echolot.Ambient[] Non-directional sounds.
---@field music? echolot.Ambient The level's music.
---@field entities table<string, echolot.Entity> By id.
---@field goals table<string, echolot.Goal> By id.
---@field view echolot.View
---@field status "ready"|"running"|"won"|"lost"
---@field time number Simulated seconds since the start.
---@field misses integer Selections that hit nothing.
---@field selections integer Selections made.
---@field found string[] Ids of the entities found, in order (each an entity of the level).
---@field score? integer Once scored.
---@field scoring? echolot.RuleEntry The scoring entry.
---@field [string] echolot.Value Attributes of your own.

---What a reducer gets besides its focus (read-only).
---@class echolot.Context
---@field level? echolot.Level The level; only your focus inside it can be changed. Nil while no level is played: in an echolot.story rule (or a reducer focused on the game) on the `clock` and `story.start` that begin a story.
---@field game table The whole game state: `achievements` (earned in this game: `{level, time, title}`; held by the player's profile as the level started: `{}`; nil while there are none), `achievementProgress` (each achievement's progress record, by id), `level` (as `ctx.level`), `pack` (`{id, version}` of the level's pack) and the `story` record while a story plays.
---@field params table<string, echolot.Value>|nil This instance's parameters, defaults applied; reading a name not declared raises. Nil in echolot.reducer and echolot.story handlers.
---@field id string The instance: goal id, entity id, achievement or scoring name; "story"; a reducer's name.
---@field dt? number Seconds of a `tick`; nil for other actions.
---@field time? number The level's simulated time. Nil while no level is played (see `level`), and on a cut-scene's first `story.line`, spoken before its time begins.
local Context = {}

---Draws from the state's seeded generator: a float in [0, 1) with no arguments, an
---integer in 1..m with one, in m..n with two. The only randomness there is.
---@param m? integer
---@param n? integer
---@return number
function Context.random(m, n) end

---Queues an action after the current one. Rules may emit `goal.met`, `goal.failed`,
---`level.won`, `level.lost` and their own `pack.*` and `story.*` actions.
---@param name string
---@param payload? table<string, echolot.Value>
function Context.emit(name, payload) end

---A parameter declaration: a type name, or a table.
---@alias echolot.ParamType "number"|"integer"|"string"|"boolean"|"list"|"map"|"entity"|"entities"|"tag"|"any"
---@alias echolot.ItemType "number"|"integer"|"string"|"boolean"|"map"|"entity"|"any"

---@class echolot.ParamSpec
---@field type? echolot.ParamType Default `any`.
---@field default? echolot.Value Used when the level leaves it out (makes it optional).
---@field min? number Smallest number, or shortest list (finite, not above `max`; for an integer or a length, a whole number must lie between them).
---@field max? number Largest number, or longest list (finite, not below `min`).
---@field optional? boolean Whether a level may leave it out without a default.
---@field values? echolot.Value[] The only values allowed.
---@field of? echolot.ItemType The type of a list's items.
---@field description? string

---@class echolot.Spec
---@field on table<string, function> Action name (or `prefix.*`) → reducer `function(focus, action, ctx)`.
---@field description? string
---@field title? string A display title (achievements).

---The spec of a rule a level configures with an entry: a goal, a behaviour, scoring.
---@class echolot.ConfiguredSpec: echolot.Spec
---@field params? table<string, echolot.ParamType|echolot.ParamSpec> What level files may pass.
---@field check? fun(params: table, level: echolot.Level): (string|false|nil), string?, integer? Extra validation: a sentence saying what is wrong (then, to place it at a parameter's value, its name, and a list item's index); nil or false when all is well.

---@class echolot.GoalSpec: echolot.ConfiguredSpec
---@field on table<string, fun(goal: echolot.Goal, action: echolot.Action, ctx: echolot.Context): echolot.Goal?>

---@class echolot.BehaviourSpec: echolot.ConfiguredSpec
---@field on table<string, fun(entity: echolot.Entity, action: echolot.Action, ctx: echolot.Context): echolot.Entity?>

---An achievement's progress record: set `earned = true` to earn it.
---@class echolot.Progress
---@field earned? boolean
---@field [string] echolot.Value Progress of your own.

---@class echolot.AchievementSpec: echolot.Spec
---@field params? table<string, echolot.ParamType|echolot.ParamSpec> Its constants: no level sets them, so they are their defaults.
---@field on table<string, fun(progress: echolot.Progress, action: echolot.Action, ctx: echolot.Context): echolot.Progress?>

---@class echolot.ScoringSpec: echolot.ConfiguredSpec
---@field on table<string, fun(score: integer?, action: echolot.Action, ctx: echolot.Context): integer?>

---@class echolot.StorySpec: echolot.Spec
---@field on table<string, fun(story: table, action: echolot.Action, ctx: echolot.Context): table?>

---@class echolot.ReducerSpec: echolot.Spec
---@field name? string Lets a pack that extends yours replace it; unnamed, it is its pack's own (`pack/reducer1`).
---@field focus? "level"|"game" What the reducer changes (default `level`).
---@field on table<string, fun(focus: table, action: echolot.Action, ctx: echolot.Context): table?>

---The rules API. Register rules while your scripts load.
---@class echolot
---@field null lightuserdata Stands for null inside a list.
---@field api integer The engine API version (1).
echolot = {}

---Registers a goal type: levels use it as `{ "type": name, …parameters }` in `goals`.
---@param name string
---@param spec echolot.GoalSpec
function echolot.goal(name, spec) end

---Registers a behaviour: entities use it as `{ "type": name, …parameters }` in `behaviours`.
---Behaviours run only while the level runs.
---@param name string
---@param spec echolot.BehaviourSpec
function echolot.behaviour(name, spec) end

---Registers an achievement; it runs in every level until earned. A level played with a
---profile starts with the profile's earned achievements in `ctx.game.achievements`: their
---rules do not run there, and others may ask for them (one earned once two others are).
---A level without a profile (`run` without one, pack tests) starts with none, unless
---`echolot run --earned-before` names them.
---@param name string
---@param spec echolot.AchievementSpec
function echolot.achievement(name, spec) end

---Registers a scoring rule: levels use it as `"scoring": { "type": name, … }`.
---@param name string
---@param spec echolot.ScoringSpec
function echolot.scoring(name, spec) end

---Registers the pack's story: its focus is the game's `story` record.
---@param spec echolot.StorySpec
function echolot.story(spec) end

---Registers a general reducer: its focus is the level (or the whole game).
---@param spec echolot.ReducerSpec
function echolot.reducer(spec) end

---A list of the arguments — a table that stays a list even when empty.
---@param ... echolot.Value
---@return table
function echolot.list(...) end

---The part of the day for an hour: `morning` (6–11), `noon` (11–13), `afternoon`
---(13–18), `evening` (18–22) or `night`.
---@param hour number
---@return "morning"|"noon"|"afternoon"|"evening"|"night"
function echolot.timeOfDay(hour) end

---The time in words, in five-minute steps (12:22 is "twenty past twelve", 8:43
---"quarter to nine"): English, or German for `"de"` ("Viertel vor neun"). A rule
---names the language, since the state holds no player's; a story line writes `{time}`
---to say the time in the player's language.
---@param hour integer 0…23
---@param minute integer 0…59
---@param language? string `"en"` (the default) or `"de"`
---@return string
function echolot.timeInWords(hour, minute, language) end

---A pack test: `tests/*.lua` returns one, or a list of them (`echolot test PACK` runs
---them). To complete its fields, declare the table first:
---`---@type echolot.PackTest[]` above `local tests = { … }`, then `return tests`.
---@class echolot.PackTest
---@field level string The id of the level to play.
---@field input echolot.InputEvent[]|string The inputs, or a JSON Lines log next to the test (relative to `tests/`).
---@field expect echolot.PackTestExpect What the run must end with (at least one field).
---@field name? string How the report names the test.
---@field maxSeconds? number When the run stops at the latest (600; more than 0, at most 86400).
---@field earnedBefore? string[] The achievements the level starts with, as a player's profile gives them.
---@field progressBefore? table<string, table> The progress records of unearned achievements the level starts with, by id, as a player's profile gives them (`{ ["myPack.threeWins"] = { wins = 2 } }`).

---An input of a pack test: `{t = seconds, action = NAME, …payload}`.
---@class echolot.InputEvent
---@field t number Simulated seconds; an event never goes back in time.
---@field action string An input action: `turnTo`, `turnBy`, `tiltTo`, `select`, `end`, …
---@field [string] echolot.Value Its payload (`azimuth = 90`).

---What a pack test's run must end with; a field left out is not checked.
---@class echolot.PackTestExpect
---@field outcome? "won"|"lost"|"running"
---@field score? integer|false The score, or `false` for none.
---@field misses? integer
---@field achievements? string[] Those earned in the run, in any order.
---@field found? string[] The entities found, in order.
---@field time? number The level's seconds at the end, to the thousandth.
---@field goals? table<string, "met"|"failed"|"pending"> The state each goal ends in, by goal id.
---@field entities? table<string, table<string, echolot.Value>> Fields each entity ends with, by entity id.
