dofile(os.getenv("LUA_DIR") .. "/common.lua")
local deployment = os.getenv("DEPLOYMENT") or "recommendations"
request = function()
  return json_post("/api/v1/deployments/" .. deployment .. "/scores",
      string.format('{"pairs":[{"source":%d,"target":%d}]}', random_query(), random_product()))
end
