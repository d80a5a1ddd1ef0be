dofile(os.getenv("LUA_DIR") .. "/common.lua")
request = function() return wrk.format("GET", "/actuator/health/liveness") end
