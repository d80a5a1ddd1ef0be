dofile(os.getenv("LUA_DIR") .. "/common.lua")
local deployment = os.getenv("DEPLOYMENT") or "recommendations"
request = function()
  return json_post("/api/v1/deployments/" .. deployment .. "/recommendations",
      string.format('{"nodeType":"query","id":%d,"k":10,"excludeLinked":true}', random_query()))
end
