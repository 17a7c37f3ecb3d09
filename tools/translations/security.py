"""Translations of the pages' texts about forms from other sites and the computer's queue:
(context, English) → ru, ky, kk, mn."""

TABLE: dict[tuple[str, str], tuple[str, str, str, str]] = {
    ("", "The form has expired or did not come from this site: reload the page."): (
        "Форма устарела или отправлена не с этого сайта: обновите страницу.",
        "Форманын мөөнөтү өттү же ал бул сайттан жөнөтүлгөн эмес: баракты жаңылаңыз.",
        "Форманың мерзімі өтті немесе ол осы сайттан жіберілмеген: бетті жаңартыңыз.",
        "Маягтын хугацаа дууссан эсвэл энэ сайтаас илгээгдээгүй байна: хуудсаа шинэчилнэ үү.",
    ),
    ("", "Waiting for the engine: analyses ahead of this one:"): (
        "Ожидание программы: анализов в очереди перед этим:",
        "Программаны күтүү: бул талдоодон мурун кезекте:",
        "Бағдарламаны күту: осы талдаудың алдында кезекте:",
        "Програмыг хүлээж байна: энэ шинжилгээний өмнө дараалалд:",
    ),
}
