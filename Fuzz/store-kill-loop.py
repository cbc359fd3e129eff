#!/usr/bin/env python3
"""SIGKILL loop for the user-vocabulary store (issue 41).

Starts `parlance vocab set` writers and kills them at random moments while they create a
store, replace a set in an existing one, or migrate a store left at schema version 0. After
every kill it checks, through `parlance vocab show`, that the store opens (not wedged), holds
the last acknowledged set (a writer that exited 0) or the killed writer's whole set (never a
mix, never less), and after every round that the next writer succeeds.

    Fuzz/store-kill-loop.py [--parlance .build/debug/parlance] [--kills 500] [--seed 1]

Prints one line per phase and a summary; exits 1 on any failure.
"""
import argparse, os, random, signal, sqlite3, subprocess, sys, tempfile, time

APP = "com.example.messages"
APPLICATION_ID = 0x5052_4C4E  # VocabularyStore.applicationID


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--parlance", default=os.path.join(os.path.dirname(__file__), "..", ".build", "debug", "parlance"))
    parser.add_argument("--kills", type=int, default=500, help="kills in all, shared between the three phases")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    work = tempfile.mkdtemp(prefix="parlance-kill-")
    lists = []
    for index, count in enumerate([10, 2_000, 20_000]):
        entries = [f"set{index} entry {n}" for n in range(count)]
        path = os.path.join(work, f"set{index}.txt")
        with open(path, "w") as f:
            f.write("\n".join(entries) + "\n")
        lists.append((path, entries))

    def show(store):
        result = subprocess.run([args.parlance, "vocab", "show", "--store", store, "--app", APP, "--type", "contactName"],
                                capture_output=True, text=True)
        return result.returncode, result.stdout.splitlines(), result.stderr.strip()

    totals = {"kills": 0, "completed": 0, "wedged": 0, "lost": 0, "mixed": 0, "unwritable": 0}
    for phase in ["create", "set", "migrate"]:
        kills = completed = 0
        round = 0
        started = time.time()
        while kills < args.kills // 3 + (1 if phase == "migrate" else 0) * (args.kills % 3):
            store = os.path.join(work, f"{phase}-{round}.sqlite")
            acknowledged = []
            if phase == "set":
                # A store that exists, with an acknowledged set.
                path, entries = lists[rng.randrange(len(lists))]
                subprocess.run([args.parlance, "vocab", "set", "--store", store, "--app", APP, "--type", "contactName", path], check=True)
                acknowledged = entries
            elif phase == "migrate":
                # A Parlance store at schema version 0: the writer migrates it first.
                connection = sqlite3.connect(store)
                connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                connection.commit()
                connection.close()
            path, entries = lists[rng.randrange(len(lists))]
            writer = subprocess.Popen([args.parlance, "vocab", "set", "--store", store, "--app", APP, "--type", "contactName", path],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            time.sleep(rng.uniform(0, 0.25))
            killed = writer.poll() is None
            if killed:
                writer.send_signal(signal.SIGKILL)
            _, errors = writer.communicate()
            if killed and writer.returncode == -signal.SIGKILL:
                kills += 1
            elif writer.returncode == 0:
                completed += 1
                acknowledged = entries
            else:
                print(f"{phase} round {round}: writer failed ({writer.returncode}): {errors.decode(errors='replace').strip()}")
                totals["unwritable"] += 1
            status, shown, message = show(store)
            if status != 0:
                if phase == "create" and not os.path.exists(store):
                    shown = []  # killed before the file was made: nothing to open
                else:
                    print(f"{phase} round {round}: store wedged: {message}")
                    totals["wedged"] += 1
                    round += 1
                    continue
            if shown != acknowledged and not (killed and shown == entries):
                if killed and shown == [] and not acknowledged:
                    pass  # killed before its set committed, with nothing acknowledged before
                elif set(shown) <= set(acknowledged) or set(shown) <= set(entries):
                    print(f"{phase} round {round}: lost entries ({len(shown)} of {len(acknowledged)} acknowledged)")
                    totals["lost"] += 1
                else:
                    print(f"{phase} round {round}: a mixed set of {len(shown)} entries")
                    totals["mixed"] += 1
            # The next writer succeeds.
            next_path, next_entries = lists[0]
            result = subprocess.run([args.parlance, "vocab", "set", "--store", store, "--app", APP, "--type", "contactName", next_path],
                                    capture_output=True, text=True)
            if result.returncode != 0 or show(store)[1] != next_entries:
                print(f"{phase} round {round}: the next writer failed: {result.stderr.strip()}")
                totals["unwritable"] += 1
            os.remove(store) if os.path.exists(store) else None
            for suffix in ["-wal", "-shm", "-journal"]:
                if os.path.exists(store + suffix):
                    os.remove(store + suffix)
            round += 1
        totals["kills"] += kills
        totals["completed"] += completed
        print(f"{phase}: {round} rounds, {kills} kills, {completed} writers finished first, {time.time() - started:.0f} s")
    print("total: " + ", ".join(f"{key} {value}" for key, value in totals.items()))
    sys.exit(0 if totals["wedged"] + totals["lost"] + totals["mixed"] + totals["unwritable"] == 0 else 1)


if __name__ == "__main__":
    main()
