"""The guide's procedures as ordered, cited steps.

One source for the engine (each step function records its trace entry with the
step's citation) and for the quick-reference rule cards. Titles are the guides'
own wording (ja: guide-ja Ver.3.4, zh: guide-zh, ko: rules-ko) plus English.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Step:
    key: str
    title: dict[str, str]  # lang -> title
    cite: tuple[str, ...]  # citations, guide-ja first
    detail: dict[str, str] | None = None  # lang -> one-line summary for cards

    def label(self, lang: str) -> str:
        return self.title.get(lang) or self.title["en"]


def _s(key, ja, zh, ko, en, cite, detail=None) -> Step:
    return Step(key, {"ja": ja, "zh": zh, "ko": ko, "en": en}, tuple(cite), detail)


ATTACK = (
    _s("declare", "ワザの宣言", "宣告招式", "기술 선언", "Declare the attack",
       ["guide-ja:I-A-01", "guide-zh:I-A-01"],
       {"ja": "ワザが使えない状態、【ねむり】【マヒ】なら宣言できない。先攻の最初の番はワザを使えない。",
        "zh": "处于无法使用招式的状态或【睡眠】【麻痹】时无法宣告。先攻玩家的最初回合无法使用招式。",
        "ko": "기술을 사용할 수 없는 상태, 잠듦·마비라면 선언할 수 없다. 선공의 첫 차례에는 기술을 사용할 수 없다.",
        "en": "Not while it cannot attack, is Asleep or Paralyzed; not on the first turn of the player going first."}),
    _s("cost", "ワザに必要なエネルギー", "使用招式所需能量", "기술에 필요한 에너지", "Pay the attack cost",
       ["guide-ja:I-A-01", "guide-ja:II-D-09"],
       {"ja": "必要なエネルギーと同じタイプのエネルギーが同じ数以上ついていること。",
        "zh": "身上附有的能量需与所需能量属性相同且数量相等或更多。",
        "ko": "필요한 에너지와 같은 타입의 에너지가 같은 수 이상 붙어 있어야 한다.",
        "en": "Enough attached Energy of the right types (modifiers: more/less add up, 'none' wins)."}),
    _s("coin_check", "ワザを使うポケモンの状態の確認", "确认要使用招式的宝可梦的状态", "기술을 사용하는 포켓몬의 상태 확인",
       "Check the attacker's state", ["guide-ja:I-A-01", "guide-ja:II-D-01"],
       {"ja": "「ウラならワザは失敗」の効果→コイン。【こんらん】→コイン、ウラなら自分にダメカン3個。",
        "zh": "受到“反面则招式失败”效果→抛硬币。【混乱】→抛硬币，反面则在自己身上放置3个伤害指示物。",
        "ko": "'뒷면이면 기술 실패' 효과→동전. 혼란→동전, 뒷면이면 자신에게 데미지 카운터 3개.",
        "en": "'If tails, the attack fails' effects: flip. Confused: flip; tails puts 3 damage counters on itself."}),
    _s("before_damage", "「ダメージを与える前に」", "在造成伤害前", "데미지를 주기 전에", "'Before doing damage' text",
       ["guide-ja:I-A-01", "guide-ja:II-E-09"]),
    _s("damage", "ダメージ計算", "伤害计算", "데미지 계산", "Damage calculation (6 steps)",
       ["guide-ja:I-A-01"]),
    _s("other_effects", "ダメージ以外の効果", "除伤害外的效果", "데미지 이외의 효과", "Effects other than damage",
       ["guide-ja:I-A-01"]),
    _s("on_damaged", "ダメージを受けたときにはたらく効果", "受到伤害时生效的效果", "데미지를 받았을 때 작용하는 효과",
       "'When damaged' effects", ["guide-ja:I-A-01", "guide-ja:II-E-03"]),
    _s("knockout_check", "きぜつの確認", "昏厥的确认", "기절 확인", "Check for Knock Outs",
       ["guide-ja:I-A-01", "guide-ja:I-D"]),
)

DAMAGE = (
    _s("base", "1. ワザのダメージの計算", "1. 计算招式的伤害", "① 기본 계산", "1. The attack's damage",
       ["guide-ja:I-A-01"],
       {"ja": "ワザ名の右の数字。「+」「×」「-」は説明文に従う。0以下ならここで終わり。",
        "zh": "招式名称右侧的数字。“+”“×”“-”按说明文变更。变为0或负数时结束。",
        "ko": "기술 오른쪽의 숫자와 설명문으로 계산. 0 이하면 여기서 끝.",
        "en": "The printed number; '+', '×', '-' per the text. 0 or less: the calculation ends."}),
    _s("attacker_effects", "2. ダメージを与えるポケモンが受けている効果", "2. 造成伤害的宝可梦身上附加的效果",
       "② 데미지를 변경하는 효과의 계산 (공격 측)", "2. Effects on the attacking Pokémon",
       ["guide-ja:I-A-01", "guide-ja:II-B-04"],
       {"ja": "「+●●」「-●●」をすべて合計して反映。0以下ならここで終わり。",
        "zh": "合计所有变更伤害的效果。变为0或负数时结束。",
        "ko": "공격하는 포켓몬의 효과를 합산. 0 이하면 여기서 끝.",
        "en": "Add up every modifier on the attacker. 0 or less: the calculation ends."}),
    _s("weakness", "3. 弱点の計算", "3. 弱点计算", "③ 약점의 계산", "3. Weakness",
       ["guide-ja:I-A-01"],
       {"ja": "弱点のタイプが与える側のタイプと同じなら×2（古いカードは+●●）。ベンチは計算しない。",
        "zh": "弱点属性与造成伤害的宝可梦相同时计算（×2）。备战区不计算。",
        "ko": "약점 타입이 같으면 계산 (×2, 이전 카드는 +N). 벤치는 계산하지 않는다.",
        "en": "Same type as the attacker: ×2 (older cards +N). Not for the Bench unless stated."}),
    _s("resistance", "4. 抵抗力の計算", "4. 抗性计算", "④ 저항력의 계산", "4. Resistance",
       ["guide-ja:I-A-01"],
       {"ja": "抵抗力のタイプが同じなら-30など。0以下ならここで終わり。",
        "zh": "抗性属性相同时计算（-30等）。变为0或负数时结束。",
        "ko": "저항력 타입이 같으면 계산 (-20, -30 등).",
        "en": "Same type: -30 (or as printed). 0 or less: the calculation ends."}),
    _s("defender_effects", "5. ダメージを受けるポケモンが受けている効果", "5. 受到伤害的宝可梦身上附加的效果",
       "⑤ 데미지를 변경하는 효과의 계산 (받는 측)", "5. Effects on the defending Pokémon",
       ["guide-ja:I-A-01", "guide-ja:II-B-05"],
       {"ja": "受ける側の「-●●」「+●●」を合計して反映。0以下ならここで終わり。",
        "zh": "合计受到伤害一方的效果。变为0或负数时结束。",
        "ko": "받는 포켓몬의 효과를 합산.",
        "en": "Add up every modifier on the defender. 0 or less: the calculation ends."}),
    _s("final", "6. 最終的なダメージ", "6. 最终伤害", "최종적인 데미지 결정", "6. Final damage",
       ["guide-ja:I-A-01"],
       {"ja": "ダメカンをのせる。ワザのダメージを受けない状態ならのせない。",
        "zh": "放置伤害指示物。处于不会受到招式伤害的状态时不放置。",
        "ko": "데미지 카운터를 올린다.",
        "en": "Place damage counters — none if it takes no damage from attacks."}),
)

RETREAT = (
    _s("once_per_turn", "1回の番に1回", "每回合1次", "차례에 1번", "Once per turn",
       ["guide-ja:I-A-03", "guide-zh:I-A-03"]),
    _s("status", "【ねむり】【マヒ】・にげられない効果", "【睡眠】【麻痹】·无法撤退的效果", "잠듦·마비·후퇴할 수 없는 효과",
       "Not while Asleep, Paralyzed or under 'cannot retreat'", ["guide-ja:I-A-03", "guide-ja:II-C-14"]),
    _s("bench", "ベンチポケモンが必要", "需要备战宝可梦", "벤치 포켓몬이 필요", "Needs a Benched Pokémon",
       ["guide-ja:I-A-03"]),
    _s("cost", "にげるためのエネルギー", "撤退所需能量", "후퇴 에너지", "Retreat Cost with modifiers",
       ["guide-ja:I-A-03", "guide-ja:II-D-10"],
       {"ja": "多くなる・少なくなるは合計、「なくなる」が優先。特殊エネルギーは何個ぶんかで数える。",
        "zh": "增加与减少合计，“消除”优先。",
        "ko": "늘어나는 효과와 줄어드는 효과는 합산.",
        "en": "More and less add up; 'none' beats both. Special Energy counts as the units it provides."}),
    _s("switch", "ベンチにもどし、入れ替える", "放回备战区并互换", "벤치로 되돌리고 교체", "Return to the Bench, promote another",
       ["guide-ja:I-A-03"],
       {"ja": "特殊状態とワザの効果はなくなる。ダメカン・エネルギー・どうぐはそのまま。",
        "zh": "特殊状态和招式效果消除，伤害指示物等保留。",
        "ko": "특수 상태와 효과는 없어진다.",
        "en": "Special Conditions and attack effects end; damage, Energy and Tools stay."}),
)

# Ⅱ-E-16 ("becomes N") and Ⅱ-E-17 ("N more") change the counters of any Special Condition.
CHECKUP = (
    _s("poison", "【どく】", "【中毒】", "독", "Poisoned", ["guide-ja:I-F", "wiki-ja:ポケモンチェックの手順"],
       {"ja": "ダメカンを1個のせる（効果で個数が変わる）。", "zh": "放置1个伤害指示物。",
        "ko": "데미지 카운터 1개.", "en": "1 damage counter (effects may change the number)."}),
    _s("burn", "【やけど】", "【灼伤】", "화상", "Burned", ["guide-ja:I-F", "wiki-ja:ポケモンチェックの手順"],
       {"ja": "ダメカンを2個のせ、コインを投げてオモテなら回復。", "zh": "放置2个伤害指示物，抛硬币正面则恢复。",
        "ko": "데미지 카운터를 올리고 동전.", "en": "2 damage counters, then flip: heads, it recovers."}),
    _s("sleep", "【ねむり】", "【睡眠】", "잠듦", "Asleep", ["guide-ja:I-F"],
       {"ja": "コインを投げてオモテなら回復。", "zh": "抛硬币正面则恢复。", "ko": "동전 앞면이면 회복.",
        "en": "Flip: heads, it wakes up."}),
    _s("paralysis", "【マヒ】", "【麻痹】", "마비", "Paralyzed", ["guide-ja:I-F"],
       {"ja": "持ち主の番が終わった後のチェックで回復。", "zh": "在其拥有者的回合结束后的检查中恢复。",
        "ko": "자신의 차례를 한 번 건너뛴 후 회복.", "en": "Recovers at the Checkup after its owner's turn."}),
    _s("card_effects", "特性・トレーナーズの効果", "特性·训练家的效果", "특성·트레이너스의 효과",
       "Abilities and Trainer effects", ["guide-ja:I-F", "guide-ja:II-E-08"]),
    _s("knockout_check", "きぜつの確認", "昏厥的确认", "기절 확인", "Check for Knock Outs",
       ["guide-ja:I-F", "guide-ja:I-D"]),
)

KNOCKOUT = (
    _s("start", "残りHPがなくなったポケモンを確認", "确认没有剩余HP的宝可梦", "남은 HP가 없는 포켓몬 확인",
       "Find Pokémon with no HP left", ["guide-ja:I-D"]),
    _s("on_knockout", "【きぜつ】したときにはたらく効果", "【昏厥】时生效的效果", "기절했을 때의 효과",
       "'When Knocked Out' effects", ["guide-ja:I-D", "guide-ja:II-E-04"]),
    _s("discard", "ついているカードと共にトラッシュ", "与附着的卡牌一同放于弃牌区", "붙어 있는 카드와 함께 트래쉬",
       "Discard it with its attached cards", ["guide-ja:I-D"]),
    _s("prizes", "サイドをとる", "获得奖赏卡", "프라이즈를 가져간다", "Take Prize cards",
       ["guide-ja:I-D"],
       {"ja": "ルールなし1枚、ex・V・VSTAR 2枚、メガシンカex・VMAX・TAG TEAM 3枚。",
        "zh": "无规则1张，ex·V·VSTAR 2张，超级进化ex·VMAX·TAG TEAM 3张。",
        "ko": "규칙 없음 1장, ex·V 2장, VMAX·TAG TEAM 3장.",
        "en": "No Rule Box 1; ex, V, VSTAR, GX 2; Mega ex, VMAX, TAG TEAM 3."}),
    _s("promote", "新しいバトルポケモンを出す", "放出新的战斗宝可梦", "새 배틀 포켓몬", "Promote a new Active Pokémon",
       ["guide-ja:I-D"]),
)

GAME_END = (
    _s("conditions", "勝ち負けの条件", "胜负的条件", "승패의 조건", "End conditions", ["guide-ja:I-E", "rules-ko:B-13"],
       {"ja": "サイドをすべてとった／相手の場にポケモンがいない／自分の番の最初に山札を引けない。",
        "zh": "获得全部奖赏卡／对手场上没有宝可梦／回合开始时无法抽牌。",
        "ko": "프라이즈를 모두 가져감 / 상대 포켓몬이 없음 / 차례 처음에 덱을 뽑을 수 없음.",
        "en": "Took all Prizes / opponent has no Pokémon in play / cannot draw at the start of the turn."}),
    _s("both", "同時に満たしたとき", "同时满足时", "동시에 만족했을 때", "Both players at once",
       ["guide-ja:I-E", "rules-ko:B-13"],
       {"ja": "満たした条件の数が多いほうが勝ち。同じなら引き分け（タイブレーク）。",
        "zh": "满足条件较多的一方获胜，相同则平局。",
        "ko": "더 많은 조건을 만족한 쪽이 승리, 같으면 무승부.",
        "en": "The player who meets more of the two conditions wins; equal is a draw (tie-break)."}),
)

SETUP = (
    _s("draw_seven", "手札を7枚引く", "抽7张手牌", "7장 뽑기", "Draw 7 cards", ["guide-ja:I-G"]),
    _s("active", "バトルポケモンを出す", "放出战斗宝可梦", "배틀 포켓몬", "Place an Active Pokémon", ["guide-ja:I-G"],
       {"ja": "【たね】がなければ手札を見せて山札にもどし、引き直す。", "zh": "没有【基础】宝可梦时展示手牌并重抽。",
        "ko": "기본 포켓몬이 없으면 다시 뽑는다.", "en": "No Basic Pokémon: reveal, shuffle back, redraw (mulligan)."}),
    _s("bench", "ベンチポケモンを出す", "放出备战宝可梦", "벤치 포켓몬", "Place Benched Pokémon", ["guide-ja:I-G"]),
    _s("prizes", "サイドを置く", "放置奖赏卡", "프라이즈", "Set 6 Prize cards", ["guide-ja:I-G"]),
    _s("extra_draws", "相手の引き直しの回数ぶん引ける", "可抽取对手重抽次数的张数", "상대의 다시 뽑기 횟수만큼 뽑기",
       "Draw up to one card per opponent mulligan", ["guide-ja:I-G"]),
)

# -- the turn's other actions (ask kinds beyond attack) ------------------------------
# Kept out of PROCEDURES, whose every entry is a printable rule card with a title in
# judgebot/cards; `step()` finds these too.

ABILITY = (
    _s("declare", "特性の宣言", "宣告特性", "특성 선언", "Declare the Ability",
       ["guide-ja:I-A-02", "guide-zh:I-A-02"],
       {"ja": "「使える」と書かれた特性だけを宣言する。書かれていない特性は自動的にはたらく。",
        "zh": "写有“可以使用”的特性才需宣告，其余特性自动生效。",
        "ko": "'사용할 수 있다'라고 적힌 특성만 선언한다.",
        "en": "Only an Ability whose text says it can be used is declared; the others work by themselves."}),
    _s("negated", "特性がなくなっていないか", "特性是否被消除", "특성이 없어지지 않았는가", "Not removed by an effect",
       ["guide-ja:I-A-02", "guide-ja:II-D-13"],
       {"ja": "「特性はすべてなくなる」効果（スタジアムをふくむ）を受けていれば使えない。",
        "zh": "受到“特性全部消除”的效果（包括竞技场）时无法使用。",
        "ko": "'특성이 모두 없어진다' 효과(스타디움 포함)를 받고 있으면 사용할 수 없다.",
        "en": "Not while an effect (a Stadium too) says its Abilities are gone."}),
    _s("where", "使える場所", "可以使用的位置", "사용할 수 있는 장소", "Where it can be used",
       ["guide-ja:I-A-02"],
       {"ja": "特別な指定がないかぎり、バトル場とベンチのどちらでも使える。",
        "zh": "没有特别指定时，战斗场和备战区均可使用。",
        "ko": "특별한 지정이 없으면 배틀필드와 벤치 어디서나 사용할 수 있다.",
        "en": "From the Active Spot or the Bench unless the text says otherwise."}),
    _s("once_per_turn", "自分の番に●●回使える", "在自己的回合可以使用●●次", "차례에 ●●번", "Times per turn",
       ["guide-ja:II-E-12"],
       {"ja": "「1回使える」は1匹につき番に1回。場を離れて再び出たポケモンは別のポケモン。",
        "zh": "“可以使用1次”为每只宝可梦每回合1次。",
        "ko": "'1번 사용할 수 있다'는 포켓몬 1마리당 차례에 1번.",
        "en": "'Once' is once per turn per Pokémon; one that left play and came back is a new Pokémon."}),
    _s("exclusive", "別の「●●」を使った番は使えない", "使用过其他同名特性的回合无法使用", "같은 이름의 특성",
       "Not in a turn another of the same name was used", ["guide-ja:II-E-14"],
       {"ja": "同じ名前の特性をこの番に使っていれば、使ったポケモンが場を離れていても使えない。",
        "zh": "这个回合已使用过同名特性时无法使用，即使使用它的宝可梦已离场。",
        "ko": "이 차례에 같은 이름의 특성을 사용했다면 사용할 수 없다.",
        "en": "Not if one of the same name was used this turn, even by a Pokémon that has left play."}),
    _s("pay", "使うための条件", "使用条件", "사용 조건", "Its condition can be met",
       ["guide-ja:I-A-02", "guide-ja:II-E-30"],
       {"ja": "「手札を●●枚トラッシュするなら」などの条件に従えなければ宣言できない。",
        "zh": "无法满足“如果将手牌放于弃牌区”等条件时无法宣告。",
        "ko": "'패를 ●●장 트래쉬하면' 등의 조건을 따를 수 없으면 선언할 수 없다.",
        "en": "If its condition (e.g. discard cards from hand) cannot be met, it cannot be declared."}),
    _s("nothing_happens", "状況の変化が何も起きない", "不会发生任何情况变化", "아무 변화도 없음",
       "Something would happen", ["guide-ja:I-A-02"],
       {"ja": "使っても何も変わらないと分かっている（山札が0枚で引く等）なら宣言できない。",
        "zh": "已知使用后不会发生任何变化（如牌库为0张时抽牌）时无法宣告。",
        "ko": "사용해도 아무것도 바뀌지 않는다면(덱이 0장인데 뽑기 등) 선언할 수 없다.",
        "en": "Not when it is known nothing would change (e.g. draw with an empty deck)."}),
)

EVOLVE = (
    _s("first_turn", "最初の番には進化できない", "最初回合无法进化", "첫 차례에는 진화할 수 없다",
       "Not on either player's first turn", ["guide-ja:I-A-05", "guide-zh:I-A-05"],
       {"ja": "先攻・後攻どちらのプレイヤーも、自分の最初の番には手札から進化させられない。",
        "zh": "双方玩家在自己的最初回合都无法从手牌进化。",
        "ko": "선공·후공 모두 자신의 첫 차례에는 패에서 진화시킬 수 없다.",
        "en": "Neither player evolves from the hand on their own first turn."}),
    _s("this_turn", "出したばかり・進化したばかり", "刚出场·刚进化", "막 낸 포켓몬·막 진화한 포켓몬",
       "Not a Pokémon put into play or evolved this turn", ["guide-ja:I-A-05"],
       {"ja": "この番に場に出した【たね】や、この番に進化したポケモンは進化できない。",
        "zh": "本回合刚出场的【基础】宝可梦或刚进化的宝可梦无法进化。",
        "ko": "이 차례에 낸 기본 포켓몬이나 진화한 포켓몬은 진화할 수 없다.",
        "en": "Not a Basic put into play, or a Pokémon evolved, this turn."}),
    _s("line", "進化マーク", "进化状态标记", "진화 마크", "The evolution mark names the Pokémon",
       ["guide-ja:I-A-05"],
       {"ja": "進化マークに書かれたポケモンの上に重ねる。バトル場でもベンチでもよい。",
        "zh": "覆盖在进化状态标记中对应的宝可梦上，战斗场和备战区均可。",
        "ko": "진화 마크에 적힌 포켓몬 위에 겹친다. 배틀필드와 벤치 모두 가능.",
        "en": "On the Pokémon its evolution mark names, Active or Benched."}),
    _s("via_effect", "のせて進化させる", "放置并进化", "효과로 진화", "Evolving by a card effect",
       ["guide-ja:II-C-12"],
       {"ja": "特別な指示がないかぎり、最初の番や出したばかりのポケモンでも進化させられる。",
        "zh": "没有特别指示时，最初回合或刚出场的宝可梦也可进化。",
        "ko": "특별한 지시가 없으면 첫 차례나 막 낸 포켓몬도 진화시킬 수 있다.",
        "en": "Unless stated, also on the first turn and on a Pokémon put into play this turn."}),
    _s("rare_candy", "ふしぎなアメ", "神奇糖果", "이상한사탕", "Rare Candy: Basic to Stage 2",
       ["guide-ja:II-C-12", "guide-ja:II-C-12/ex-1"],
       {"ja": "【たね】を2進化にする。最初の番や、この番に出した【たね】には使えない。",
        "zh": "将【基础】宝可梦进化为2阶进化。最初回合或刚出场的【基础】宝可梦不可。",
        "ko": "기본 포켓몬을 2진화로. 첫 차례나 이 차례에 낸 기본 포켓몬에는 쓸 수 없다.",
        "en": "Basic to Stage 2; not on the first turn or on a Basic put into play this turn."}),
    _s("carry_over", "引きつぐもの・なくなるもの", "保留与消除", "이어받는 것·없어지는 것",
       "What stays and what ends", ["guide-ja:I-A-05"],
       {"ja": "エネルギー・どうぐ・ダメカンは引きつぐ。特殊状態とワザの効果はなくなる。",
        "zh": "能量、道具、伤害指示物保留。特殊状态与招式效果消除。",
        "ko": "에너지·도구·데미지 카운터는 이어받고, 특수 상태와 기술의 효과는 없어진다.",
        "en": "Energy, Tools and damage counters stay; Special Conditions and attack effects end."}),
)

BENCH = (
    _s("basic", "【たね】ポケモンだけ", "仅限【基础】宝可梦", "기본 포켓몬만", "Basic Pokémon only",
       ["guide-ja:I-A-04"],
       {"ja": "手札から1匹ずつ、番に何匹でも出せる。", "zh": "从手牌逐只放置，每回合只数不限。",
        "ko": "패에서 1마리씩, 차례에 몇 마리든 낼 수 있다.",
        "en": "From the hand one at a time, any number a turn."}),
    _s("space", "ベンチは5匹まで", "备战区最多5只", "벤치는 5마리까지", "At most 5 on the Bench",
       ["guide-ja:I-A-04"],
       {"ja": "ベンチが5匹なら出せない。", "zh": "备战区已有5只时无法放置。",
        "ko": "벤치가 5마리면 낼 수 없다.", "en": "Not when five are already there."}),
)

PLAY = (
    _s("item", "グッズ", "物品", "아이템", "Items: any number", ["guide-ja:I-B-01"],
       {"ja": "自分の番に何枚でも。使ったらトラッシュ。", "zh": "自己的回合可使用任意张，用后放于弃牌区。",
        "ko": "자신의 차례에 몇 장이든. 사용 후 트래쉬.", "en": "Any number on your turn; discard after use."}),
    _s("tool", "ポケモンのどうぐ", "宝可梦道具", "포켓몬의 도구", "Tools: one per Pokémon", ["guide-ja:I-B-02"],
       {"ja": "自分のポケモン1匹につき1枚。はがしたりつけ替えたりはできない。",
        "zh": "每只宝可梦只可放有1张，无法随意移除或替换。",
        "ko": "자신의 포켓몬 1마리에 1장. 떼거나 바꿔 붙일 수 없다.",
        "en": "One per Pokémon of yours; it cannot be removed or swapped at will."}),
    _s("supporter", "サポート", "支援者", "서포트", "Supporters: one a turn, none on the first turn of the player going first",
       ["guide-ja:I-B-03", "guide-zh:I-B-03"],
       {"ja": "自分の番に1枚だけ。先攻の最初の番は使えない。", "zh": "每回合只能使用1张，先攻玩家的最初回合不可使用。",
        "ko": "자신의 차례에 1장만. 선공의 첫 차례에는 사용할 수 없다.",
        "en": "One a turn; not on the first turn of the player going first."}),
    _s("stadium", "スタジアム", "竞技场", "스타디움", "Stadiums: one a turn, not the same name as the one in play",
       ["guide-ja:I-B-04"],
       {"ja": "自分の番に1枚だけ。場に出ているものと同じ名前のスタジアムは出せない。",
        "zh": "每回合只能使出1张，无法使出与场上同名的竞技场。",
        "ko": "자신의 차례에 1장만. 같은 이름의 스타디움은 낼 수 없다.",
        "en": "One a turn; not one with the same name as the Stadium in play."}),
    _s("locked", "手札から出して使えない", "无法从手牌使出", "패에서 낼 수 없다", "'Cannot play' effects",
       ["guide-ja:II-C-19"],
       {"ja": "「手札から●●を出して使えない」効果を受けたプレイヤーは出せない。",
        "zh": "受到“无法从手牌使出●●”效果的玩家无法使出。",
        "ko": "'패에서 ●●를 낼 수 없다' 효과를 받은 플레이어는 낼 수 없다.",
        "en": "A player under a 'cannot play … from hand' effect cannot play it."}),
    _s("pay", "使うための条件", "使用条件", "사용 조건", "Its condition can be met", ["guide-ja:I-B-01"],
       {"ja": "説明文の条件に従えなければ使えない。", "zh": "无法执行说明文中的条件时无法使用。",
        "ko": "설명문의 조건을 따를 수 없으면 사용할 수 없다.", "en": "If its condition cannot be met, it cannot be played."}),
    _s("nothing_happens", "状況の変化が何も起きない", "不会发生任何情况变化", "아무 변화도 없음",
       "Something would happen", ["guide-ja:I-B-01"],
       {"ja": "使っても何も変わらないと分かっているなら使えない。", "zh": "已知使用后不会发生任何变化时无法使用。",
        "ko": "사용해도 아무것도 바뀌지 않는다면 사용할 수 없다.",
        "en": "Not when it is known nothing would change."}),
)

ATTACH = (
    _s("once_per_turn", "自分の番ごとに1枚", "每回合1张", "차례마다 1장", "One Energy from hand a turn",
       ["guide-ja:I-C"],
       {"ja": "手札から自分の場のポケモンに、自分の番ごとに1枚だけ。", "zh": "每个自己的回合只能从手牌附着1张。",
        "ko": "패에서 자신의 포켓몬에게 차례마다 1장만.", "en": "One Energy card from the hand each turn."}),
    _s("target", "自分の場のポケモンにつける", "附着于自己场上的宝可梦", "자신의 포켓몬에 붙인다",
       "To one of your Pokémon in play", ["guide-ja:I-C"],
       {"ja": "1匹につけられる枚数に制限はない。", "zh": "1只宝可梦可附着的能量张数不限。",
        "ko": "1마리에 붙일 수 있는 장수에 제한은 없다.", "en": "No limit to how many one Pokémon may have."}),
)

PROCEDURES: dict[str, tuple[Step, ...]] = {
    "attack": ATTACK,
    "damage": DAMAGE,
    "retreat": RETREAT,
    "checkup": CHECKUP,
    "knockout": KNOCKOUT,
    "game_end": GAME_END,
    "setup": SETUP,
    "ability": ABILITY,
    "evolve": EVOLVE,
    "bench": BENCH,
    "play": PLAY,
    "attach": ATTACH,
}

# Sections on the variants of a step (a "+"/"×"/"-" attack, a Retreat Cost modifier, …):
# printed with the step on the rule cards; a ruling cites them only when the variant is
# on the board (the effect or card that brings it cites them), never on every step.
SEE_ALSO: dict[tuple[str, str], tuple[str, ...]] = {
    ("damage", "base"): ("guide-ja:II-B-01", "guide-ja:II-B-02", "guide-ja:II-B-03"),
    ("damage", "weakness"): ("guide-ja:II-B-06",),
    ("damage", "resistance"): ("guide-ja:II-B-06",),
    ("damage", "defender_effects"): ("guide-ja:II-B-07",),
    ("damage", "final"): ("guide-ja:II-C-16",),
    ("retreat", "cost"): ("guide-ja:II-D-11", "guide-ja:II-D-12", "guide-ja:II-D-13"),
    ("checkup", "poison"): ("guide-ja:II-E-16", "guide-ja:II-E-17"),
    ("checkup", "burn"): ("guide-ja:II-E-16", "guide-ja:II-E-17"),
    ("knockout", "prizes"): ("guide-ja:II-D-18",),
}


def see_also(procedure: str, key: str) -> tuple[str, ...]:
    return SEE_ALSO.get((procedure, key), ())


# Prize cards for a Knock Out, by Rule Box (SCENARIOS.md).
PRIZES_BY_RULE = {
    "none": 1, "radiant": 1, "ex": 2, "v": 2, "vstar": 2, "gx": 2,
    "mega_ex": 3, "vmax": 3, "tag_team": 3,
}


def step(procedure: str, key: str) -> Step:
    for s in PROCEDURES[procedure]:
        if s.key == key:
            return s
    raise KeyError(f"{procedure}.{key}")
