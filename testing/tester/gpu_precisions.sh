#!/bin/sh
# gpu_precisions.sh LOG ROUTINE COUNT [WHAT]: passes when the run_*.sh log
# LOG says, for exactly COUNT precisions of p?ROUTINE, that tasks ran on
# GPUs, and for none that no task did (tester_gpu_tasks lines); prints
# how many did (WHAT, e.g. the devices, labels the line).
ran=$(grep -c "tasks of p.$2 run on GPUs: [1-9]" "$1")
idle=$(grep -c "tasks of p.$2 run on GPUs: 0\$" "$1")
echo "precisions with tasks on the GPUs${4:+ ($4)}: $ran of $3"
[ "$ran" -eq "$3" ] && [ "$idle" -eq 0 ]
