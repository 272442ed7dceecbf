#!/bin/sh
# what the target machine sets before the job
export ASCEND_CACHE_PATH=/cache
export DUMP_GE_GRAPH=2
export DUMP_GRAPH_PATH='/graphs/ge dumps'
