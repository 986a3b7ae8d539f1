"""Reference agents for UNO Duo, in NumPy only: a linear softmax policy trained with REINFORCE,
and a small Q-network trained with DQN. Each trains against the package's bots
(`duoplay.ai.VectorEnv(n, "uno-duo", opponent=...)`), saves to a small `.npz` file, and plays
as a policy for `duoplay.ai.evaluate` (greedy by default).

    python -m duoplay.games.uno_duo.ai.baselines train reinforce --minutes 4 --out reinforce.npz
    python -m duoplay.games.uno_duo.ai.baselines train dqn --minutes 3 --out dqn.npz
    python -m duoplay.games.uno_duo.ai.baselines evaluate reinforce.npz --games 500
"""

from duoplay.games.uno_duo.ai.baselines.dqn import train_dqn
from duoplay.games.uno_duo.ai.baselines.policies import LinearPolicy, QNetwork, load
from duoplay.games.uno_duo.ai.baselines.reinforce import train_reinforce

__all__ = ["LinearPolicy", "QNetwork", "load", "train_dqn", "train_reinforce"]
