// Lua 5.4 as the system has it (pkg-config `lua5.4`): the C API, the auxiliary library and
// the standard libraries. The bridge's own C side is the CLuaBridge target.
#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
