dofile(os.getenv("LUA_DIR") .. "/common.lua")
request = function() return wrk.format("GET", "/v2/health/live") end
