// The decoder of the full build's custom response value routeOut
// (internal/wireschema full.go), which js/lib/ops.generated.js calls.

/** A route as wasm/route_text.go writeRoute writes it (routeToQueues's object). */
export function decRoute(d) {
  const route = { orderTopicConf: d.bool() ? d.str() : null, queueDatas: [], brokerDatas: [] };
  for (let n = d.uv(); n > 0; n--) {
    route.queueDatas.push({ brokerName: d.str(), readQueueNums: d.i32(), writeQueueNums: d.i32(), perm: d.i32(), topicSysFlag: d.i32() });
  }
  for (let n = d.uv(); n > 0; n--) {
    const bd = { cluster: d.str(), brokerName: d.str(), brokerAddrs: {} };
    for (let m = d.uv(); m > 0; m--) {
      const k = d.str();
      bd.brokerAddrs[k] = d.str();
    }
    route.brokerDatas.push(bd);
  }
  return route;
}
